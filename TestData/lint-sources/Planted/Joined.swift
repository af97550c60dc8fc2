import SwiftUI

// Planted concatenations: a localized string joined to other text.

func joined(name: String, count: Int) -> [String] {
  var greeting = "— "
  greeting += String(localized: "Hello", bundle: .lingohub)  // expect: source-concatenation
  return [
    NSLocalizedString("Hello", comment: "") + ", " + name,  // expect: source-concatenation, source-legacy-lookup
    "Dear " + String(localized: "Reader", bundle: .lingohub),  // expect: source-concatenation
    String(localized: "Reader", bundle: .lingohub).appending(name),  // expect: source-concatenation
    String(localized: "Reader", bundle: .lingohub).uppercased() + ":",  // expect: source-concatenation
    greeting,
    // One key with an interpolation: nothing to report.
    String(format: NSLocalizedString("Hello, %@", comment: ""), name),  // expect: source-legacy-lookup
    String(localized: "Hello, \(name)", bundle: .lingohub),
    name + " " + name,
    "\(count + 1)",
    "\(String(localized: "Reader", bundle: .lingohub)) \(name)",
    Dates.header.string(from: Date()),
  ]
}

struct JoinedView: View {
  var name: String

  var body: some View {
    VStack {
      Text("Welcome", bundle: .lingohub) + Text(verbatim: name)  // expect: source-concatenation
      Text(verbatim: name) + Text(" ")
      Text("Hello, \(name)", bundle: .lingohub)
    }
  }
}
