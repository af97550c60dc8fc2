import SwiftUI

struct AppView: View {
  var body: some View {
    #if APP_FLAG
      Text("App title")
    #endif
    Button(String(localized: "App action")) {}
  }
}
