import SwiftUI

struct UsedView: View {
  var body: some View { Text("Used title") }
  // NSLocalizedString("Swift commented key", comment: "In a Swift comment")
  // Text("Not a routine")

  // macOS 12.4: only the String overload exists, and the compiler extracts nothing.
  func rename(_ undo: UndoManager) { undo.setActionName("Old rename") }
}
