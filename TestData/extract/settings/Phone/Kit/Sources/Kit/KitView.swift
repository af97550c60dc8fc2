import SwiftUI

struct KitView: View {
  var body: some View { Text("Kit title") }
}
