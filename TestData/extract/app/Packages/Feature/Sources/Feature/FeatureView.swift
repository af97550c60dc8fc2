import SwiftUI

public struct FeatureView: View {
  public var body: some View {
    Text("Feature title", bundle: .module)
    #if FEATURE_FLAG && os(iOS)
      Text("Feature flag on iOS", bundle: .module)
    #endif
    #if os(macOS)
      Text("Feature on the Mac", bundle: .module)
    #endif
  }
}
