import Foundation
import SwiftUI

// Planted lookups of a Swift package's module: its own bundle (bundle: .module) is its catalog,
// the main bundle is the host app's.

public enum FeatureStrings {
  public static func all() -> [String] {
    [
      NSLocalizedString("Feature title", bundle: .module, comment: ""),  // expect: ota-uncovered-lookup, source-legacy-lookup
      NSLocalizedString("Feature missing", bundle: .module, comment: ""),  // expect: source-key-missing, ota-uncovered-lookup, source-legacy-lookup
      NSLocalizedString("Only in the feature catalog", comment: ""),  // expect: source-key-missing-main-bundle, source-legacy-lookup
      NSLocalizedString("In no catalog", comment: ""),  // expect: source-key-missing-main-bundle, source-legacy-lookup
      NSLocalizedString("Shared with the feature", comment: ""),  // expect: source-legacy-lookup
      String(localized: "Feature title", bundle: .module),  // expect: ota-uncovered-lookup
      String(localized: "Shared with the feature", bundle: .lingohub),
    ]
  }
}

public struct FeatureView: View {
  public var body: some View {
    VStack {
      Text("Feature title", bundle: .module)  // expect: ota-uncovered-lookup
      Text("In no catalog either")  // expect: source-key-missing-main-bundle, ota-uncovered-lookup
    }
  }
}
