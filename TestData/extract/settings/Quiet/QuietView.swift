import SwiftUI

// SWIFT_EMIT_LOC_STRINGS = NO and LOCALIZED_STRING_SWIFTUI_SUPPORT = NO: nothing from Swift.
struct QuietView: View {
  var body: some View { Text("Quiet text") }
  let legacy = NSLocalizedString("Quiet legacy", comment: "")
}
