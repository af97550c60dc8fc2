import Lingohub
import SwiftUI
import UIKit

// Only covered lookups and mirroring layout: nothing is reported here, with --ota lingohub or
// without (but, when it is turned on without an SDK that covers it, source-legacy-lookup).

struct CleanView: View {
  var name: String

  var body: some View {
    VStack(alignment: .leading) {
      Text("Welcome", bundle: .lingohub)
      Text(lh: "Settings")
      Text("Hello, \(name)", bundle: .lingohub)
      Button {
      } label: {
        Text("Save", bundle: .lingohub)
      }
      Button(LingoHubSDK.shared.resolve("Save")) {}
      Text(NSLocalizedString("Welcome", comment: "The first screen's title"))  // expect: source-legacy-lookup
    }
    .navigationTitle(Text("Settings", bundle: .lingohub))
    .padding(.leading, 8)
  }
}

func cleanLabel(_ label: UILabel, name: String) {
  label.textAlignment = .natural
  label.text = String(localized: "Hello, \(name)", bundle: .lingohub)
  label.leadingAnchor.constraint(equalTo: label.trailingAnchor).isActive = true
}
