import SwiftUI

struct ContentView: View {
  @State private var count = 0

  var body: some View {
    VStack {
      Text("Welcome", comment: "The greeting on the first screen")
      Text("\(count) items", comment: "Item count")
      Button("Add item") { count += 1 }
      #if APP_FLAG
        Text("Flagged build")
      #endif
      #if os(macOS)
        Text("Mac only")
      #endif
      #if RELEASE_ONLY
        Text("Release only")
      #endif
    }
    .navigationTitle("Items")
  }
}
