import SwiftUI

// SWIFT_EMIT_LOC_STRINGS unset (NO), LOCALIZED_STRING_SWIFTUI_SUPPORT unset (YES): only the
// literals of Text() initializers are extracted.
struct WidgetView: View {
  var body: some View {
    VStack {
      Text("Widget text")
      Text("Widget \(3) items")
      Button("Widget button") {}
    }
  }
  let resource = String(localized: "Widget string")
  let legacy = NSLocalizedString("Widget legacy", comment: "")
  // NSLocalizedString("Widget commented", comment: "")
}
