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

  // UndoManager's LocalizedStringResource overload: iOS 16 and later, this target's deployment.
  func rename(_ undo: UndoManager) { undo.setActionName("Rename") }
}
