import Fancy
import Loud
import MissingKit
import SwiftUI

// Strings passed to dependencies' parameters: a LocalizedStringKey in Fancy (checked out in
// SourcePackages/checkouts) and in Loud (given with --dependencies), a String in Fancy.
struct AppView: View {
  var body: some View {
    VStack {
      FancyButton("Fancy title") {}
      FancyButton(verbatim: "Fancy verbatim") {}
      LoudButton("Loud title")
      MissingButton("Missing title")
    }
  }
}
