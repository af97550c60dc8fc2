import SwiftUI

struct FeatureView: View {
  var body: some View {
    #if targetEnvironment(macCatalyst)
      Text("Feature on the Mac")
    #endif
    Text("Feature title")
  }
}
