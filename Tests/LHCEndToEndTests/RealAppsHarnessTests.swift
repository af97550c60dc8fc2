import Foundation
import LHCTestSupport
import Testing

/// `lhc extract` on real apps, judged against the catalogs Xcode synced from their code
/// (`../shared/corpus/apps/`, NetNewsWire's in `../shared/corpus/extraction/`): for each code
/// catalog (not an Interface Builder, `InfoPlist` or `AppShortcuts` one) with at least 20 keys
/// Xcode extracted, `--list` finds ≥ 97 % of them (≥ 99 % over all apps) and invents ≤ 2 %, and a
/// sync marks none of them stale and removes none. The sync runs twice on a copy: with the safety
/// net, and without it (`LHC_INTERNAL_NO_SAFETY_NET=1`): the second run measures the rules alone,
/// so the net cannot hide a regression. The keys the net keeps are printed per app against a
/// checked-in ceiling that may only go down (`TestData/apps-harness/kept-ceiling.json`).
/// `TestData/apps-harness/exceptions.json` holds the keys not judged, each with its reason: `lag:`
/// (the catalog lags its code) or `next issue:` (what lhc does not read yet); an exception no
/// longer needed fails the test. An app whose keys come from its dependencies' declarations gets
/// `--dependencies` with stand-ins of their checkouts (`TestData/apps-harness/dependencies/<app>`:
/// the initializers the app calls, as the packages declare them), the corpus holding none.
@Suite struct RealAppsHarnessTests {
  private static let appsFolder = TestPaths.corpus.appendingPathComponent("apps")
  private static let harnessData = TestPaths.testData.appendingPathComponent("apps-harness")

  /// One app's folder, by the name the exceptions and ceilings use.
  private static func apps() -> [(name: String, folder: URL)] {
    let names =
      (try? FileManager.default.contentsOfDirectory(atPath: appsFolder.path))?.sorted() ?? []
    var result = names.compactMap { name -> (String, URL)? in
      let folder = appsFolder.appendingPathComponent(name)
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory),
        isDirectory.boolValue
      else { return nil }
      return (name, folder)
    }
    result.append(
      (
        "Ranchero-Software__NetNewsWire",
        TestPaths.corpus.appendingPathComponent("extraction/Ranchero-Software__NetNewsWire")
      ))
    return result
  }

  /// The code catalogs of an app (relative paths) with their entries.
  private static func codeCatalogs(in folder: URL) throws -> [String: [String: [String: Any]]] {
    var result: [String: [String: [String: Any]]] = [:]
    let enumerator = FileManager.default.enumerator(atPath: folder.path)
    while let relative = enumerator?.nextObject() as? String {
      guard relative.hasSuffix(".xcstrings"), !relative.contains("mul.lproj/") else { continue }
      let name = (relative as NSString).lastPathComponent
      if name == "InfoPlist.xcstrings" || name == "AppShortcuts.xcstrings" { continue }
      result[relative] = try catalogEntries(folder.appendingPathComponent(relative))
    }
    return result
  }

  private static func isExtracted(_ entry: [String: Any]) -> Bool {
    let state = entry["extractionState"] as? String
    return state == nil || state == "extracted_with_value"
  }

  /// What one app came to.
  private struct Outcome {
    var lines: [String] = []
    var failures: [String] = []
    var extracted = 0
    var found = 0
    var usedExceptions = Set<String>()
  }

  @Test(
    .enabled(
      if: FileManager.default.fileExists(atPath: appsFolder.path), "needs ../shared/corpus/apps"))
  func realApps() throws {
    let exceptions =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: Self.harnessData.appendingPathComponent("exceptions.json")))
      as? [String: [String: [String: String]]] ?? [:]
    let ceilings =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: Self.harnessData.appendingPathComponent("kept-ceiling.json")))
      as? [String: Int] ?? [:]
    for (app, catalogs) in exceptions {
      for (catalog, keys) in catalogs {
        for (key, reason) in keys {
          #expect(
            reason.hasPrefix("lag: ") || reason.hasPrefix("next issue: "),
            "\(app) \(catalog) \"\(key)\": a reason is lag: or next issue:")
        }
      }
    }
    var total = (extracted: 0, found: 0)
    var report = ""
    var used = Set<String>()
    for (name, folder) in Self.apps() {
      let outcome = try judge(
        name, folder, exceptions: exceptions[name] ?? [:], ceiling: ceilings[name])
      total.extracted += outcome.extracted
      total.found += outcome.found
      report += outcome.lines.joined(separator: "\n") + "\n"
      used.formUnion(outcome.usedExceptions)
      for failure in outcome.failures { Issue.record(Comment(rawValue: "\(name): \(failure)")) }
    }
    print(report, terminator: "")
    let recall = Double(total.found) / Double(max(total.extracted, 1))
    print("all apps: \(total.found) of \(total.extracted) keys Xcode extracted found (\(recall))")
    #expect(recall >= 0.99, "recall over all apps \(recall)")
    for (app, catalogs) in exceptions {
      for (catalog, keys) in catalogs {
        for key in keys.keys where !used.contains("\(app)|\(catalog)|\(key)") {
          Issue.record("\(app) \(catalog) \"\(key)\": an exception no longer needed; remove it")
        }
      }
    }
  }

  /// Lists and syncs one app, judging every code catalog.
  private func judge(
    _ name: String, _ folder: URL, exceptions: [String: [String: String]], ceiling: Int?
  ) throws -> Outcome {
    var outcome = Outcome()
    // Stand-ins of the app's dependencies' checkouts, where its catalogs need them.
    let dependencies = Self.harnessData.appendingPathComponent("dependencies/\(name)")
    let given =
      FileManager.default.fileExists(atPath: dependencies.path)
      ? ["--dependencies", dependencies.path] : []
    let listing = try RunLHC.run(
      ["extract", "--list", "--format", "json"] + given + ["."], in: folder)
    let records =
      try JSONSerialization.jsonObject(with: Data(listing.stdout.utf8)) as? [[String: Any]] ?? []
    var listed: [String: Set<String>] = [:]
    for record in records {
      if let catalog = record["catalog"] as? String, let key = record["key"] as? String {
        listed[catalog, default: []].insert(key)
      }
    }
    let before = try Self.codeCatalogs(in: folder)
    // The two syncs, on one copy, the catalogs put back in between.
    let copy = try writableCopy(of: folder)
    let withNet = try RunLHC.run(["extract"] + given + ["."], in: copy)
    let afterNet = try Self.codeCatalogs(in: copy)
    for catalog in before.keys {
      try FileManager.default.removeItem(at: copy.appendingPathComponent(catalog))
      try FileManager.default.copyItem(
        at: folder.appendingPathComponent(catalog), to: copy.appendingPathComponent(catalog))
    }
    var environment = ProcessInfo.processInfo.environment
    environment["LHC_INTERNAL_NO_SAFETY_NET"] = "1"
    let withoutNet = try RunLHC.run(
      ["extract"] + given + ["."], in: copy, environment: environment)
    let afterRules = try Self.codeCatalogs(in: copy)
    try? FileManager.default.removeItem(at: copy.deletingLastPathComponent())
    var kept = 0
    for line in withNet.stderr.split(separator: "\n") where line.contains(" kept: their text") {
      let words = line.split(separator: " ")
      if let index = words.firstIndex(of: "note:"), index + 1 < words.count {
        kept += Int(words[index + 1]) ?? 0
      }
    }
    for catalog in before.keys.sorted() {
      let entries = before[catalog]!
      let excepted = exceptions[catalog] ?? [:]
      func excused(_ key: String) -> Bool {
        guard excepted[key] != nil else { return false }
        outcome.usedExceptions.insert("\(name)|\(catalog)|\(key)")
        return true
      }
      let extracted = Set(entries.filter { Self.isExtracted($0.value) }.keys)
      let live = Set(entries.filter { $0.value["extractionState"] as? String != "stale" }.keys)
      let found = listed[catalog] ?? []
      let missed = extracted.subtracting(found).filter { !excused($0) }
      let invented = found.subtracting(live).filter { !excused($0) }
      func harmed(_ after: [String: [String: Any]]?) -> [String] {
        extracted.filter { key in
          guard let entry = after?[key] else { return !excused(key) }
          return entry["extractionState"] as? String == "stale" && !excused(key)
        }.sorted()
      }
      let harmedByRules = harmed(afterRules[catalog])
      let harmedWithNet = harmed(afterNet[catalog])
      let judged = extracted.count - extracted.filter { excepted[$0] != nil }.count
      guard extracted.count >= 20 else { continue }
      outcome.extracted += judged
      outcome.found += judged - missed.count
      let recall = judged == 0 ? 1 : Double(judged - missed.count) / Double(judged)
      outcome.lines.append(
        "\(name) \(catalog): \(judged - missed.count) of \(judged) found, \(invented.count) invented, \(harmedByRules.count) harmed without the net"
      )
      if recall < 0.97 {
        outcome.failures.append(
          "\(catalog): recall \(recall) below 97 %; missed \(missed.sorted().prefix(20))")
      }
      if Double(invented.count) > 0.02 * Double(judged) {
        outcome.failures.append(
          "\(catalog): \(invented.count) invented keys, over 2 %: \(invented.sorted().prefix(20))")
      }
      if !harmedByRules.isEmpty {
        outcome.failures.append(
          "\(catalog): the sync without the net marks stale or removes \(harmedByRules.prefix(20))")
      }
      if !harmedWithNet.isEmpty {
        outcome.failures.append(
          "\(catalog): the sync marks stale or removes \(harmedWithNet.prefix(20))")
      }
    }
    outcome.lines.append(
      "\(name): the net kept \(kept) keys (ceiling \(ceiling.map(String.init) ?? "none"))")
    if kept > (ceiling ?? 0) {
      outcome.failures.append("the net kept \(kept) keys, over its ceiling \(ceiling ?? 0)")
    }
    if withNet.status != 0 || withoutNet.status != 0 {
      outcome.failures.append(
        "sync exit status \(withNet.status)/\(withoutNet.status): \(withNet.stderr.suffix(400))")
    }
    return outcome
  }
}
