import SwiftUI

struct UsedView: View {
  var body: some View { Text("Used title") }
}
