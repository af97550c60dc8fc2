import SwiftUI

struct PhoneView: View {
  var body: some View {
    #if targetEnvironment(macCatalyst)
    Text("Catalyst only")
    #endif
    #if ONE && TWO
    Text("Feature one and two")
    #endif
    #if RELEASE_ONLY || MAC_ONLY
    Text("Never in Debug on iOS")
    #endif
  }
}
