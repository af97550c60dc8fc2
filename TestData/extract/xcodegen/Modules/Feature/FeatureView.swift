import SwiftUI

// SWIFT_EMIT_LOC_STRINGS is unset here (XcodeGen's presets do not set it): Text() literals only.
struct FeatureView: View {
  var body: some View {
    #if targetEnvironment(macCatalyst)
      Text("Feature on the Mac")
    #endif
    Text("Feature title")
    Button(String(localized: "Feature action, not extracted")) {}
  }
}
