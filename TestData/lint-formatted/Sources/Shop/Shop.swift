import Foundation
import SwiftUI

// What the code shows of two keys whose text reads as a format (`20%off`: `%o`). SwiftUI's Text
// of a literal without interpolation formats nothing: its key is shown as it is. The result of
// String(localized:) may be given to String(format:): its key is left to the catalog's rule.

public struct BannerView: View {
  public var body: some View {
    VStack {
      Text("Save 20%off today", bundle: .module)
      Text("Save 20%off tomorrow", bundle: .module)
    }
  }
}

public func tomorrowsOffer() -> String {
  String(localized: "Save 20%off tomorrow", bundle: .module)
}
