import SwiftUI

struct UsedView: View {
  var body: some View { Text("Used title") }
  // NSLocalizedString("Swift commented key", comment: "In a Swift comment")
  // Text("Not a routine")
}
