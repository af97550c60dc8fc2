import AppIntents
import SwiftUI

struct PhotosView: View {
  var body: some View { Text("Photos") }
}

struct PhotoShortcuts: AppShortcutsProvider {
  static var appShortcuts: [AppShortcut] {
    AppShortcut(
      intent: OpenAlbumIntent(),
      phrases: ["Open \(.applicationName)", "Show \(\.$album) in \(.applicationName)"],
      shortTitle: "Open Album",
      systemImageName: "photo")
  }
}
