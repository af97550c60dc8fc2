import SwiftUI

/// A dependency's view: its initializers give the app's literals their types; its own strings
/// are its catalog's, never extracted into the app's.
public struct FancyButton: View {
  let title: Text
  let action: () -> Void

  public init(_ title: LocalizedStringKey, action: @escaping () -> Void) {
    self.title = Text(title)
    self.action = action
  }

  @_disfavoredOverload
  public init(verbatim title: String, action: @escaping () -> Void) {
    self.title = Text(verbatim: title)
    self.action = action
  }

  public var body: some View {
    Button(action: action) { title }.help(Text("Inside the dependency"))
  }
}
