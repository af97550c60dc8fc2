import SwiftUI

// An old copy the project does not build.
struct StrayView: View {
  var body: some View { Text("Stray title") }
}
