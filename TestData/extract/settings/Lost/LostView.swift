import SwiftUI

// Its configuration file is not there: its settings are unknown, so the compiler's extraction
// is assumed.
struct LostView: View {
  let resource = String(localized: "Lost string")
}
