import Foundation
import LHCTestSupport
import Testing

/// The built `lhc format` on copies of corpus catalogs: what is rewritten (and what not), the
/// `--check` reports, `--catalog-version`, and bad input.
@Suite("lhc format, end to end")
struct FormatEndToEndTests {
  static let xcodeWritten = "p0deje__Maccy__Localizable.xcstrings"
  static let trailingComma = "bazelbuild__rules_apple__examples_Localizable.xcstrings"

  /// A folder with an Xcode-written catalog, one with a trailing comma, and one re-indented by
  /// Python's `json` (`"key": value`, a final newline).
  static func folder() throws -> URL {
    let directory = try makeTemporaryDirectory()
    for name in [xcodeWritten, trailingComma] {
      let data = try Data(contentsOf: TestPaths.corpusCatalogFolder.appendingPathComponent(name))
      try data.write(to: directory.appendingPathComponent(name))
    }
    let source = TestPaths.corpusCatalogFolder.appendingPathComponent(
      "liamnichols__xcstrings-tool__Variations.xcstrings")
    let python = try runProcess(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "python3", "-c",
        "import json,sys; d=json.load(open(sys.argv[1])); open(sys.argv[2],'w').write(json.dumps(d, indent=2, ensure_ascii=False) + '\\n')",
        source.path, directory.appendingPathComponent("Python.xcstrings").path,
      ])
    try #require(python.status == 0, "\(python.stderr)")
    return directory
  }

  static func inode(_ url: URL) throws -> Int {
    try (FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? Int) ?? -1
  }

  @Test func rewritesOnlyWhatChanges() throws {
    let directory = try Self.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let names = [Self.xcodeWritten, Self.trailingComma, "Python.xcstrings"]
    let files = names.map { directory.appendingPathComponent($0) }
    let before = try files.map(Self.inode)
    let originals = try files.map { try Data(contentsOf: $0) }
    let result = try RunLHC.run(["format"] + names, in: directory)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "")
    #expect(
      result.stderr == "\(Self.trailingComma):21:6: warning: trailing comma is not valid JSON\n")
    let after = try files.map(Self.inode)
    #expect(after[0] == before[0], "the Xcode-written catalog was rewritten")
    #expect(try Data(contentsOf: files[0]) == originals[0])
    #expect(after[1] != before[1] && after[2] != before[2])
    for (file, original) in zip(files.dropFirst(), originals.dropFirst()) {
      let written = try Data(contentsOf: file)
      #expect(written != original)
      #expect(written == (try Self.foundationForm(original)), "\(file.lastPathComponent)")
    }
    // A second run changes nothing; no temporary file is left.
    let again = try RunLHC.run(["format"] + names, in: directory)
    #expect(again.status == 0)
    #expect(try files.map(Self.inode) == after)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == names.sorted()
    )
  }

  /// A catalog large enough to be read and written on every core (≥ 4 MB), whose pieces `format`
  /// compares and writes as the writer hands them over: unchanged when formatted; rewritten to
  /// Xcode's bytes when a newline follows it, or when one separator near its start or in its
  /// middle is not Xcode's (the first differing piece then comes after equal ones); `--check`
  /// writes nothing; no temporary file is left.
  @Test func largeCatalogRewrittenFromItsFirstDifference() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let generated = directory.appendingPathComponent("Generated.xcstrings")
    let script = TestPaths.packageRoot.appendingPathComponent("Benchmarks/generate_catalog.py").path
    let made = try runProcess(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["python3", script, "--size-mb", "5", "-o", generated.path])
    try #require(made.status == 0, "\(made.stderr)")
    let original = try Data(contentsOf: generated)
    try #require(original.count >= 4 << 20)
    /// `original` with its first `" : "` after `offset` written as `": "`.
    func separatorChanged(after offset: Int) throws -> Data {
      let range = try #require(
        original.range(of: Data("\" : ".utf8), in: offset..<original.count))
      var changed = original
      changed.replaceSubrange(range, with: Data("\": ".utf8))
      return changed
    }
    let variants = [
      ("Newline.xcstrings", original + Data("\n".utf8)),
      ("Start.xcstrings", try separatorChanged(after: 100)),
      ("Middle.xcstrings", try separatorChanged(after: original.count / 2)),
    ]
    for (name, bytes) in variants { try bytes.write(to: directory.appendingPathComponent(name)) }
    let names = variants.map(\.0)

    let check = try RunLHC.run(["format", "--check", "Generated.xcstrings"] + names, in: directory)
    #expect(check.status == 1)
    // Each named at its first difference: the newline after the last line's `}`, the `:` of the
    // changed separator.
    let lines = original.count { $0 == UInt8(ascii: "\n") } + 1
    let start = try Self.position(of: "\":", in: variants[1].1, after: 100)
    let middle = try Self.position(of: "\":", in: variants[2].1, after: original.count / 2)
    #expect(
      check.stdout == """
        Newline.xcstrings:\(lines):2: error: not in Xcode's format: final newline: a newline after the last "}" (Xcode writes none); allowed by --allow-final-newline or .lhc.json
        Start.xcstrings:\(start.line):\(start.column): error: not in Xcode's format: spacing: `":` where Xcode writes `" :`
        Middle.xcstrings:\(middle.line):\(middle.column): error: not in Xcode's format: spacing: `":` where Xcode writes `" :`

        """)
    for (name, bytes) in variants {
      #expect(try Data(contentsOf: directory.appendingPathComponent(name)) == bytes, "\(name)")
    }

    let before = try Self.inode(generated)
    let result = try RunLHC.run(["format", "Generated.xcstrings"] + names, in: directory)
    #expect(result.status == 0 && result.stdout == "" && result.stderr == "", "\(result.stderr)")
    #expect(try Self.inode(generated) == before, "the formatted catalog was rewritten")
    for name in ["Generated.xcstrings"] + names {
      #expect(try Data(contentsOf: directory.appendingPathComponent(name)) == original, "\(name)")
    }
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        == (["Generated.xcstrings"] + names).sorted())
  }

  /// The line and column (1-based; the column in characters) of the second character of the
  /// first `text` in `data` after `offset`: where a separator written as `":` differs from
  /// Xcode's `" :`.
  static func position(of text: String, in data: Data, after offset: Int) throws -> (
    line: Int, column: Int
  ) {
    let found = try #require(data.range(of: Data(text.utf8), in: offset..<data.count))
    let before = data[..<(found.lowerBound + 1)]
    let lineStart = (before.lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
    let column = String(decoding: before[lineStart...], as: UTF8.self).unicodeScalars.count + 1
    return (before.count { $0 == UInt8(ascii: "\n") } + 1, column)
  }

  /// Foundation's form of a catalog (trailing commas removed first: Foundation rejects them).
  static func foundationForm(_ data: Data) throws -> Data {
    let text = String(decoding: data, as: UTF8.self).replacing(",\n  }\n", with: "\n  }\n")
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return try JSONSerialization.data(
      withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
  }

  @Test func checkReportsAndWritesNothing() throws {
    let directory = try Self.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let names = [Self.xcodeWritten, Self.trailingComma, "Python.xcstrings"]
    let originals = try names.map { try Data(contentsOf: directory.appendingPathComponent($0)) }

    // The trailing comma Xcode does not write; Python's `"key": value`.
    let comma =
      "content: `},\\n  },\\n  \"version\" : \"1.0\"\\n}` where Xcode writes "
      + "`}\\n  },\\n  \"version\" : \"1.0\"\\n}`"
    let colon = "spacing: `\":` where Xcode writes `\" :`"
    let text = try RunLHC.run(["format", "--check"] + names, in: directory)
    #expect(text.status == 1)
    #expect(
      text.stdout == """
        \(Self.trailingComma):21:6: error: not in Xcode's format: \(comma)
        Python.xcstrings:2:19: error: not in Xcode's format: \(colon)

        """)

    let github = try RunLHC.run(["format", "--check", "--format", "github"] + names, in: directory)
    #expect(github.status == 1)
    #expect(
      github.stdout == """
        ::error file=\(Self.trailingComma),line=21,col=6,title=lhc format::not in Xcode's format: \(comma)
        ::error file=Python.xcstrings,line=2,col=19,title=lhc format::not in Xcode's format: \(colon)

        """)

    let json = try RunLHC.run(["format", "--check", "--format", "json"] + names, in: directory)
    #expect(json.status == 1)
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let files = report["files"] as? [[String: Any]] ?? []
    #expect(files.map { $0["status"] as? String } == ["formatted", "unformatted", "unformatted"])
    #expect(files.map { $0["reason"] as? String } == [nil, "content", "spacing"])
    #expect(files.map { $0["line"] as? Int } == [nil, 21, 2])
    #expect(files.map { $0["column"] as? Int } == [nil, 6, 19])
    #expect(files.map { $0["message"] as? String } == [nil, comma, colon])
    #expect((report["summary"] as? [String: Int])?["unformatted"] == 2)
    #expect(report["version"] as? Int == 1)

    let clean = try RunLHC.run(["format", "--check", Self.xcodeWritten], in: directory)
    #expect(clean.status == 0 && clean.stdout == "" && clean.stderr == "")
    #expect(
      try names.map { try Data(contentsOf: directory.appendingPathComponent($0)) } == originals)
  }

  @Test func catalogVersionRaisesNeverLowers() throws {
    let directory = try Self.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent(Self.xcodeWritten)
    let raised = try RunLHC.run(
      ["format", "--catalog-version", "1.1", Self.xcodeWritten], in: directory)
    #expect(raised.status == 0, "\(raised.stderr)")
    let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
    #expect(text.hasSuffix("  },\n  \"version\" : \"1.1\"\n}"))
    let bytes = try Data(contentsOf: file)
    let lowered = try RunLHC.run(
      ["format", "--catalog-version", "1.0", Self.xcodeWritten], in: directory)
    #expect(lowered.status == 1)
    #expect(
      lowered.stderr
        == "\(Self.xcodeWritten): error: cannot lower the catalog version from 1.1 to 1.0: fields of 1.1 would be lost or invalid\n"
    )
    #expect(try Data(contentsOf: file) == bytes)
    let unknown = try RunLHC.run(
      ["format", "--catalog-version", "2.0", Self.xcodeWritten], in: directory)
    #expect(unknown.status == 64)
    #expect(
      unknown.stderr.hasPrefix(
        "Error: unknown catalog version '2.0' for --catalog-version; known: 1.0, 1.1, 1.2, 1.3\n"))
  }

  @Test func badInputNamesTheFileAndLeavesItUntouched() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("Bad.xcstrings")
    let bytes = Data("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"k\" : [\n}".utf8)
    try bytes.write(to: file)
    let result = try RunLHC.run(["format", "Bad.xcstrings"], in: directory)
    #expect(result.status == 1)
    #expect(
      result.stderr.hasPrefix(
        "Bad.xcstrings:4:11: error: at `strings.k`: expected an object, found an array (k)"))
    #expect(try Data(contentsOf: file) == bytes)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["Bad.xcstrings"])
    let missing = try RunLHC.run(["format", "Missing.xcstrings"], in: directory)
    #expect(missing.status == 1)
    #expect(missing.stderr.hasPrefix("Missing.xcstrings: error: cannot read file: "))
  }

  /// A symbolic link keeps pointing at the rewritten catalog, which keeps its permissions.
  @Test func symbolicLinkAndPermissionsKept() throws {
    let directory = try Self.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let target = directory.appendingPathComponent("Python.xcstrings")
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: target.path)
    try FileManager.default.createSymbolicLink(
      atPath: directory.appendingPathComponent("Link.xcstrings").path,
      withDestinationPath: "Python.xcstrings")
    let result = try RunLHC.run(["format", "Link.xcstrings"], in: directory)
    #expect(result.status == 0, "\(result.stderr)")
    let link = try FileManager.default.destinationOfSymbolicLink(
      atPath: directory.appendingPathComponent("Link.xcstrings").path)
    #expect(link == "Python.xcstrings")
    let permissions =
      try FileManager.default.attributesOfItem(atPath: target.path)[.posixPermissions] as? Int
    #expect(permissions == 0o640)
    let check = try RunLHC.run(["format", "--check", "Python.xcstrings"], in: directory)
    #expect(check.status == 0)
  }
}
