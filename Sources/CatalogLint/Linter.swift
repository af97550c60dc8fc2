import LHCBase
import StringCatalog
import StringTables

/// `lhc lint`'s checks over a catalog model: what would break at runtime, before it ships.
///
/// Every localization is checked on its own (plural categories, specifiers, substitutions,
/// characters) and against the source-language value of the same key (format arguments, texts).
/// A key with no source-language localization is compared with the key itself, which is what the
/// app shows in the source language then. Decisions are documented in `man/lhc-lint.1`.
public enum Linter {
  /// The findings of every check not in `disabled`, in file order (by offset, then check id).
  public static func lint(_ catalog: Catalog, disabled: Set<String> = []) -> [Finding] {
    // Entries are independent: lint slices of them on every core.
    let entries = catalog.entries
    let slices = stride(from: 0, to: entries.count, by: 512).map { $0..<min($0 + 512, entries.count) }
    var findings = Parallel.map(slices) { slice in
      entries[slice].flatMap { lint($0, sourceLanguage: catalog.sourceLanguage) }
    }.flatMap { $0 }
    if !disabled.isEmpty { findings.removeAll { disabled.contains($0.check) } }
    return findings.sorted(by: Finding.precedes)
  }

  /// The findings of one entry, unsorted: for linting a catalog entry by entry as it is read.
  public static func lint(_ entry: CatalogEntry, sourceLanguage: String) -> [Finding] {
    var findings: [Finding] = []
    for diagnostic in TextCheck.diagnostics(forKey: entry.key, offset: entry.offset) {
      let check = diagnostic.severity == .error ? "xml-invalid-character" : "xml-control-character"
      findings.append(Finding(check: check, diagnostic: diagnostic))
    }
    let sourceLeaves =
      entry.localization(for: sourceLanguage).map { LintLeaves($0.node) }
      ?? LintLeaves(key: entry.key, offset: entry.offset)
    let source = SourceLeaves(sourceLeaves, key: entry.key)
    for localization in entry.localizations {
      var linter = LocalizationLinter(
        entry: entry, localization: localization, sourceLanguage: sourceLanguage, source: source)
      linter.run()
      findings += linter.findings
    }
    return findings
  }
}

/// The checks of one localization (one key in one language).
struct LocalizationLinter {
  let entry: CatalogEntry
  let localization: Localization
  let sourceLanguage: String
  let source: SourceLeaves
  let leaves: LintLeaves
  private(set) var findings: [Finding] = []

  init(entry: CatalogEntry, localization: Localization, sourceLanguage: String, source: SourceLeaves) {
    self.entry = entry
    self.localization = localization
    self.sourceLanguage = sourceLanguage
    self.source = source
    self.leaves = LintLeaves(localization.node)
  }

  var language: String { localization.language }
  var isSourceLanguage: Bool { language == sourceLanguage }

  mutating func run() {
    checkSubstitutions()
    for plural in leaves.plurals { checkPlural(plural) }
    checkPluralArgument()
    for leaf in leaves.leaves {
      checkCharacters(leaf)
      checkFormat(leaf)
      if !isSourceLanguage { checkText(leaf) }
    }
  }

  /// Records a finding of check `id` with that check's severity.
  mutating func report(_ id: String, _ message: String, at offset: Int) {
    let severity = LintCheck.named(id)?.severity ?? .error
    findings.append(
      Finding(
        check: id,
        diagnostic: Diagnostic(severity, message, offset: offset, language: language, key: entry.key)))
  }

  /// The leaf's characters: NUL and noncharacters are errors, other C0 controls warnings.
  private mutating func checkCharacters(_ leaf: LintLeaf) {
    // Fast path: no C0 control other than tab/LF/CR, and no 0xEF lead byte (U+FFFE/U+FFFF).
    var value = leaf.value
    let suspicious = value.withUTF8 { bytes in
      bytes.contains { ($0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D) || $0 == 0xEF }
    }
    guard suspicious else { return }
    for diagnostic in TextCheck.controlCharacterDiagnostics(
      leaf.value, what: "value", offset: leaf.offset, language: language, key: entry.key)
    {
      let check = diagnostic.severity == .error ? "xml-invalid-character" : "xml-control-character"
      findings.append(Finding(check: check, diagnostic: diagnostic))
    }
    if let scalar = leaf.value.unicodeScalars.first(where: { $0.value == 0xFFFE || $0.value == 0xFFFF }) {
      let code = String(scalar.value, radix: 16, uppercase: true)
      report(
        "xml-invalid-character",
        "value contains U+\(code), a noncharacter XML cannot hold; property list readers reject the whole file",
        at: leaf.offset)
    }
  }
}
