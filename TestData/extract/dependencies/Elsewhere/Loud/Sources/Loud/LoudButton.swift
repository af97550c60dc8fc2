import SwiftUI

public struct LoudButton: View {
  let title: LocalizedStringKey

  public init(_ title: LocalizedStringKey) { self.title = title }

  public var body: some View { Text(title).font(.largeTitle) }
}
