import Foundation
import LHCTestSupport
import Testing

/// `lhc extract` on the real apps' `InfoPlist.xcstrings` and `AppShortcuts.xcstrings`
/// (`../shared/corpus/apps/`), judged against what Xcode synced: for each such catalog,
/// `--list` gives every key Xcode extracted (not a stale one) and no key the catalog lacks, with
/// Xcode's comment, and `--check` changes nothing (values and phrases reproduced). A catalog
/// lhc cannot read the Info.plist of is not synced, with a note. The keys and catalogs where
/// Xcode's file lags or lhc cannot know are listed, each with its reason, in
/// `TestData/apps-harness/infoplist-exceptions.json` (`*`: the whole catalog); an exception no
/// longer needed fails the test.
@Suite struct ExtractInfoPlistCorpusTests {
  private static let appsFolder = TestPaths.corpus.appendingPathComponent("apps")

  /// The apps with such catalogs: app name → relative paths of the catalogs.
  private static func catalogs() -> [String: [String]] {
    var result: [String: [String]] = [:]
    let names =
      (try? FileManager.default.contentsOfDirectory(atPath: appsFolder.path))?.sorted() ?? []
    for app in names {
      let enumerator = FileManager.default.enumerator(
        atPath: appsFolder.appendingPathComponent(app).path)
      while let relative = enumerator?.nextObject() as? String {
        let name = (relative as NSString).lastPathComponent
        if name == "InfoPlist.xcstrings" || name == "AppShortcuts.xcstrings" {
          result[app, default: []].append(relative)
        }
      }
    }
    return result
  }

  @Test(
    .enabled(
      if: FileManager.default.fileExists(atPath: appsFolder.path), "needs ../shared/corpus/apps"))
  func reproducesXcodesCatalogs() throws {
    let exceptions =
      try JSONSerialization.jsonObject(
        with: Data(
          contentsOf: TestPaths.testData.appendingPathComponent(
            "apps-harness/infoplist-exceptions.json")))
      as? [String: [String: [String: String]]] ?? [:]
    var used = Set<String>()
    var counts = (catalogs: 0, keys: 0, synced: 0)
    for (app, catalogs) in Self.catalogs().sorted(by: { $0.key < $1.key }) {
      let folder = Self.appsFolder.appendingPathComponent(app)
      let listing = try RunLHC.run(["extract", "--list", "--format", "json", "."], in: folder)
      let records =
        try JSONSerialization.jsonObject(with: Data(listing.stdout.utf8)) as? [[String: Any]] ?? []
      let check = try RunLHC.run(["extract", "--check", "."], in: folder)
      let changes = Self.changes(check.stdout)
      for catalog in catalogs.sorted() {
        counts.catalogs += 1
        let excepted = exceptions[app]?[catalog] ?? [:]
        func excused(_ key: String) -> Bool {
          guard excepted[key] != nil else { return false }
          used.insert("\(app)|\(catalog)|\(key)")
          return true
        }
        let note = "\(catalog): note: not synced:"
        if excused("*") {
          #expect(check.stderr.contains(note), "\(app) \(catalog): no note that it is not synced")
          continue
        }
        #expect(!check.stderr.contains(note), "\(app) \(catalog): not synced")
        counts.synced += 1
        let table = catalog.hasSuffix("InfoPlist.xcstrings") ? "InfoPlist" : "AppShortcuts"
        var listed: [String: String?] = [:]
        for record in records
        where record["catalog"] as? String == catalog && record["table"] as? String == table {
          listed[record["key"] as! String] = record["comment"] as? String
        }
        let entries = try catalogEntries(folder.appendingPathComponent(catalog))
        for (key, entry) in entries {
          let state = entry["extractionState"] as? String
          guard state == nil || state == "extracted_with_value" else { continue }
          counts.keys += 1
          guard let comment = listed[key] else {
            #expect(excused(key), "\(app) \(catalog): \"\(key)\" Xcode extracted is not found")
            continue
          }
          // A comment Xcode keeps from before (Cog's) is no comment lhc gives: only compared
          // where Xcode's is the key's name or none.
          let xcode = entry["comment"] as? String
          if state == "extracted_with_value", xcode != comment, xcode != nil, comment != nil {
            #expect(
              excused(key),
              "\(app) \(catalog): \"\(key)\" comment \(String(describing: comment)), Xcode's \(xcode!)"
            )
          }
        }
        for key in listed.keys where entries[key] == nil {
          #expect(excused(key), "\(app) \(catalog): \"\(key)\" invented")
        }
        for key in changes[catalog] ?? [] {
          #expect(excused(key), "\(app) \(catalog): --check changes \"\(key)\"")
        }
      }
    }
    print(
      "InfoPlist/AppShortcuts catalogs: \(counts.catalogs), synced \(counts.synced), \(counts.keys) keys Xcode extracted"
    )
    #expect(counts.synced >= 15)
    for (app, catalogs) in exceptions {
      for (catalog, keys) in catalogs {
        for key in keys.keys where !used.contains("\(app)|\(catalog)|\(key)") {
          Issue.record("\(app) \(catalog) \"\(key)\": an exception no longer needed; remove it")
        }
      }
    }
  }

  /// The keys `--check`'s text names, by catalog.
  private static func changes(_ text: String) -> [String: [String]] {
    var result: [String: [String]] = [:]
    var catalog = ""
    for line in text.split(separator: "\n") {
      if !line.hasPrefix(" ") {
        catalog = String(line)
        continue
      }
      guard let open = line.firstIndex(of: "\""),
        let data = String(line[open...]).data(using: .utf8),
        let key = Self.leadingJSONString(data)
      else { continue }
      result[catalog, default: []].append(key)
    }
    return result
  }

  /// The JSON string at the start of `data` (a quoted key followed by anything).
  private static func leadingJSONString(_ data: Data) -> String? {
    var escaped = false
    for (index, byte) in data.enumerated().dropFirst() {
      if escaped {
        escaped = false
      } else if byte == UInt8(ascii: "\\") {
        escaped = true
      } else if byte == UInt8(ascii: "\"") {
        return try? JSONDecoder().decode(String.self, from: data.prefix(index + 1))
      }
    }
    return nil
  }
}
