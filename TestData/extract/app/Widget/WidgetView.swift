import SwiftUI
import WidgetKit

struct WidgetView: View {
  var body: some View {
    Text("Widget title")
    #if os(macOS)
      Text("Widget on the Mac")
    #else
      Text("Widget elsewhere")
    #endif
  }
}
