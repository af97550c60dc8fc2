import SwiftUI

struct ContentView: View {
  var mode = ""
  var body: some View {
    Text("Found key")
  }

  func trace(_ count: Int) {
    log("Unresolved")
    print("Deleted \(count) item")
    log("Stale but present")
    if mode == "Only compared" { return }
  }
}
