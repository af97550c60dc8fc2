import SwiftUI

// Excluded by the spec: in no target, so in no catalog.
struct ExcludedView: View {
  var body: some View { Text("Excluded text") }
}
