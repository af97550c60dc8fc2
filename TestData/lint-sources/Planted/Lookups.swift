import Lingohub
import SwiftUI

// Planted lookups of the app target. `// expect:` names the findings of each line (the
// ota-uncovered-lookup ones with --ota lingohub, source-legacy-lookup with
// --enable source-legacy-lookup and no --ota).

struct LookupsView: View {
  var count: Int

  var body: some View {
    VStack {
      Text("Welcome")  // expect: ota-uncovered-lookup
      Text("Not in the catalog")  // expect: source-key-missing, ota-uncovered-lookup
      Text("Welcome", bundle: .lingohub)
      Text(lh: "Settings")
      Text(lh: "Missing behind the SDK")  // expect: source-key-missing
      Button("Save") {}  // expect: ota-uncovered-lookup
      Text(verbatim: "Not a lookup")
      // A key of no words shows right untranslated; a specifier lhc cannot type (%@ here,
      // %lld in the catalog) is not called missing.
      Text("\(count)")
      Text("\(Int.random(in: 1...3)) points")  // expect: ota-uncovered-lookup
      Text("Unknown bundle", bundle: bundle)
    }
    .navigationTitle("Settings")  // expect: ota-uncovered-lookup
  }

  var bundle: Bundle { .main }
}

func lookups(name: String, table: String, bundle: Bundle) -> [String] {
  [
    NSLocalizedString("Settings", comment: "The settings screen's title"),  // expect: source-legacy-lookup
    NSLocalizedString("Never added", comment: ""),  // expect: source-key-missing, source-legacy-lookup
    String(localized: "Save"),  // expect: ota-uncovered-lookup
    String(localized: "Save", bundle: .lingohub),
    String(lh: "Settings"),
    String(localized: "Only a default", defaultValue: "A default value"),  // expect: source-key-missing, ota-uncovered-lookup
    // Keys made at run time: the catalog's keys "item.…" are looked up.
    NSLocalizedString("item.\(name)", comment: ""),  // expect: source-legacy-lookup
    // A bundle or table in a variable: nothing can be said but that it is NSLocalizedString.
    NSLocalizedString("Not in any catalog", bundle: bundle, comment: ""),  // expect: source-legacy-lookup
    NSLocalizedString("Not in any catalog", tableName: table, comment: ""),  // expect: source-legacy-lookup
    Bundle.main.localizedString(forKey: "Bundle key", value: nil, table: nil),
    Bundle.main.localizedString(forKey: "Gone from the catalog", value: nil, table: nil),  // expect: source-key-missing
    // A table no catalog given has.
    String(localized: "Of another table", table: "Other"),  // expect: ota-uncovered-lookup
    String(localized: LingoHubSDK.shared.resolve("Welcome")),
  ]
}
