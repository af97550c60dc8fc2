// The naive Foundation version of `lhc compile CATALOG -o OUTDIR`: a cost baseline, not a reference.
//
// JSONDecoder decodes the whole catalog into a Codable model, per-language dictionaries are built
// in memory, and PropertyListEncoder (.xml) writes OUTDIR/<lang>.lproj/<Table>.strings and
// <Table>.stringsdict. The `.strings` rules follow docs/xcstrings-format.md §3.3 (units in state `new`
// are skipped; plural and substitution keys go only to `.stringsdict`; a device `other` leaf goes to
// `.strings`); the `.stringsdict` mapping is approximate.
import Foundation

// MARK: Model

struct Catalog: Decodable {
  var sourceLanguage: String
  var strings: [String: Entry]
  var version: String?
}

struct Entry: Decodable {
  var comment: String?
  var extractionState: String?
  var shouldTranslate: Bool?
  var localizations: [String: Localization]?
}

struct Localization: Decodable {
  var stringUnit: StringUnit?
  var variations: Variations?
  var substitutions: [String: Substitution]?
}

struct StringUnit: Decodable {
  var state: String?
  var value: String
}

struct Variations: Decodable {
  var plural: [String: Localization]?
  var device: [String: Localization]?
}

struct Substitution: Decodable {
  var argNum: Int?
  var formatSpecifier: String?
  var variations: Variations?
}

// MARK: Property-list values

enum PlistValue: Encodable {
  case string(String)
  case dict([String: PlistValue])

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .string(let s): try container.encode(s)
    case .dict(let d): try container.encode(d)
    }
  }
}

// MARK: Compilation

func qualifies(_ unit: StringUnit?) -> Bool {
  guard let unit else { return false }
  return unit.state != "new"
}

/// True if any unit in this node (recursively) qualifies for emission (OD-15).
func anyQualifies(_ node: Localization) -> Bool {
  if qualifies(node.stringUnit) { return true }
  if let v = node.variations, anyQualifies(v) { return true }
  for sub in (node.substitutions ?? [:]).values {
    if let v = sub.variations, anyQualifies(v) { return true }
  }
  return false
}

func anyQualifies(_ v: Variations) -> Bool {
  for leaf in (v.plural ?? [:]).values where anyQualifies(leaf) { return true }
  for leaf in (v.device ?? [:]).values where anyQualifies(leaf) { return true }
  return false
}

/// Replaces `%arg` by the positional specifier of the substitution.
func resolveArg(_ s: String, argNum: Int, spec: String) -> String {
  s.replacingOccurrences(of: "%arg", with: "%\(argNum)$\(spec)")
}

func pluralRule(_ plural: [String: Localization], valueType: String, transform: (String) -> String)
  -> [String: PlistValue]
{
  var rule: [String: PlistValue] = [
    "NSStringFormatSpecTypeKey": .string("NSStringPluralRuleType"),
    "NSStringFormatValueTypeKey": .string(valueType),
  ]
  for (category, leaf) in plural {
    if let unit = leaf.stringUnit { rule[category] = .string(transform(unit.value)) }
  }
  return rule
}

/// Turns a localization with variations/substitutions into a stringsdict entry. Returns the
/// stringsdict value and, for device variations, the `other` fallback for `.strings`.
func stringsdictEntry(_ loc: Localization) -> (PlistValue?, String?) {
  if let subs = loc.substitutions, !subs.isEmpty {
    var format = loc.stringUnit?.value ?? ""
    var dict: [String: PlistValue] = [:]
    var nextArg = 1
    for name in subs.keys.sorted() {
      let sub = subs[name]!
      let argNum = sub.argNum ?? nextArg
      nextArg = argNum + 1
      let spec = sub.formatSpecifier ?? "lld"
      format = format.replacingOccurrences(of: "%#@\(name)@", with: "%\(argNum)$#@\(name)@")
      if let plural = sub.variations?.plural {
        dict[name] = .dict(pluralRule(plural, valueType: spec) { resolveArg($0, argNum: argNum, spec: spec) })
      }
    }
    dict["NSStringLocalizedFormatKey"] = .string(format)
    return (.dict(dict), nil)
  }
  if let plural = loc.variations?.plural {
    return (
      .dict([
        "NSStringLocalizedFormatKey": .string("%#@arg1@"),
        "arg1": .dict(pluralRule(plural, valueType: "lld") { $0 }),
      ]), nil
    )
  }
  if let device = loc.variations?.device {
    var rules: [String: PlistValue] = [:]
    var fallback: String?
    for (name, leaf) in device {
      if name == "other", let unit = leaf.stringUnit {
        fallback = unit.value
        continue
      }
      if let unit = leaf.stringUnit {
        rules[name] = .string(unit.value)
      } else if case (let nested?, _) = stringsdictEntry(leaf) {
        rules[name] = nested
      }
    }
    let entry: PlistValue? = rules.isEmpty ? nil : .dict(["NSStringDeviceSpecificRuleType": .dict(rules)])
    return (entry, fallback)
  }
  return (nil, nil)
}

struct LanguageTables {
  var strings: [String: String] = [:]
  var stringsdict: [String: PlistValue] = [:]
}

func compile(_ catalog: Catalog) -> [String: LanguageTables] {
  var tables: [String: LanguageTables] = [:]
  for (key, entry) in catalog.strings {
    for (lang, loc) in entry.localizations ?? [:] {
      let hasVariations = loc.variations != nil || !(loc.substitutions ?? [:]).isEmpty
      if hasVariations {
        guard anyQualifies(loc) else { continue }
        let (dictEntry, fallback) = stringsdictEntry(loc)
        if let dictEntry { tables[lang, default: LanguageTables()].stringsdict[key] = dictEntry }
        if let fallback { tables[lang, default: LanguageTables()].strings[key] = fallback }
      } else if let unit = loc.stringUnit, qualifies(unit) {
        tables[lang, default: LanguageTables()].strings[key] = unit.value
      }
    }
  }
  return tables
}

// MARK: Main

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("foundation-baseline: error: \(message)\n".utf8))
  exit(1)
}

var inputs: [String] = []
var outDir: String?
var args = CommandLine.arguments.dropFirst()
while let arg = args.popFirst() {
  switch arg {
  case "-o", "--output-directory":
    guard let dir = args.popFirst() else { fail("\(arg) needs a directory") }
    outDir = dir
  case "-h", "--help":
    print("usage: foundation-baseline CATALOG.xcstrings... -o OUTDIR")
    exit(0)
  default:
    inputs.append(arg)
  }
}
guard let outDir, !inputs.isEmpty else { fail("usage: foundation-baseline CATALOG.xcstrings... -o OUTDIR") }

let encoder = PropertyListEncoder()
encoder.outputFormat = .xml
let fm = FileManager.default

for input in inputs {
  let url = URL(fileURLWithPath: input)
  let table = url.deletingPathExtension().lastPathComponent
  let catalog: Catalog
  do {
    catalog = try JSONDecoder().decode(Catalog.self, from: Data(contentsOf: url))
  } catch {
    fail("\(input): \(error)")
  }
  let tables = compile(catalog)
  do {
    for (lang, t) in tables {
      let dir = URL(fileURLWithPath: outDir).appendingPathComponent("\(lang).lproj")
      try fm.createDirectory(at: dir, withIntermediateDirectories: true)
      if !t.strings.isEmpty {
        try encoder.encode(t.strings).write(to: dir.appendingPathComponent("\(table).strings"))
      }
      if !t.stringsdict.isEmpty {
        try encoder.encode(t.stringsdict).write(to: dir.appendingPathComponent("\(table).stringsdict"))
      }
    }
  } catch {
    fail("\(outDir): \(error)")
  }
}
