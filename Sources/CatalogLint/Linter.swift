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
    let slices = stride(from: 0, to: entries.count, by: 512).map {
      $0..<min($0 + 512, entries.count)
    }
    var findings = joined(
      Parallel.map(slices) { slice in
        let memo = LintMemo()
        return entries[slice].flatMap {
          lint($0, sourceLanguage: catalog.sourceLanguage, memo: memo)
        }
      })
    if !disabled.isEmpty { findings.removeAll { disabled.contains($0.check) } }
    return findings.sorted(by: Finding.precedes)
  }

  /// The findings of parts of a catalog (in file order) linted with a memo each: a language
  /// tag's finding, made once per memo, is kept from the first part only.
  public static func joined(_ parts: [[Finding]]) -> [Finding] {
    var tags: Set<String> = []
    return parts.joined().filter {
      $0.check != "language-tag-path" || tags.insert($0.diagnostic.message).inserted
    }
  }

  /// The findings of one entry, in report order: for linting a catalog entry by entry as it is read.
  /// `memo` keeps what every entry of a language shares; give each thread its own. Join the
  /// findings of several memos with ``joined(_:)``.
  public static func lint(
    _ entry: CatalogEntry, sourceLanguage: String, memo: LintMemo = LintMemo()
  ) -> [Finding] {
    var findings: [Finding] = []
    for diagnostic in TextCheck.diagnostics(forKey: entry.key, offset: entry.offset) {
      let check = diagnostic.severity == .error ? "xml-invalid-character" : "xml-control-character"
      findings.append(Finding(check: check, diagnostic: diagnostic))
    }
    let sourceLocalization = entry.localization(for: sourceLanguage)
    // Most localizations are a plain value compared with a plain source value, both without `%` or
    // with the same common specifiers: only the text checks can apply to them, and nothing needs
    // the leaf machinery.
    let plainSource =
      hasPercent(entry.key)
      ? nil
      : sourceLocalization.map { plainValue($0.node) } ?? entry.key
    var source: SourceLeaves?
    for localization in entry.localizations {
      if let message = memo.firstPathError(of: localization.language) {
        findings.append(
          Finding(
            check: "language-tag-path", diagnostic: .error(message, offset: localization.offset)))
      }
      if let sourceText = plainSource, let unit = plainUnit(localization.node),
        let value = unit.value, case let scan = TextScan(value),
        !LocalizationLinter.hasSuspiciousCharacters(scan),
        formatsAgree(
          value, scan, source: sourceText, isSource: localization.language == sourceLanguage)
      {
        if localization.language != sourceLanguage {
          for (id, message) in LocalizationLinter.textProblems(
            value, state: unit.state, source: sourceText, shouldTranslate: entry.shouldTranslate,
            language: localization.language, sourceLanguage: sourceLanguage)
          {
            findings.append(
              LocalizationLinter.finding(
                id, message, at: unit.offset, language: localization.language, key: entry.key))
          }
        }
        continue
      }
      if source == nil {
        let leaves =
          sourceLocalization.map { LintLeaves($0.node) }
          ?? LintLeaves(key: entry.key, offset: entry.offset)
        source = SourceLeaves(
          leaves, key: entry.key,
          codeFormats: TextCheck.codeFormats(key: entry.key, source: sourceLocalization?.node))
      }
      guard let source else { continue }
      var linter = LocalizationLinter(
        entry: entry, localization: localization, sourceLanguage: sourceLanguage, source: source,
        memo: memo)
      linter.run()
      findings += linter.findings
    }
    // Sorted here, on the part's thread: an entry's findings lie within its bytes, so the
    // findings of a catalog's entries joined in file order are sorted already, and the report's
    // final sort (on one thread) finds one run instead of moving tens of thousands of findings.
    findings.sort(by: Finding.precedes)
    return findings
  }

  /// The string unit of a node that has nothing else (no variations, no substitutions).
  private static func plainUnit(_ node: LocalizationNode) -> StringUnit? {
    node.variations.isEmpty && node.substitutions.isEmpty ? node.stringUnit : nil
  }

  /// The value of a plain node; nil for anything else (variations, substitutions, no value).
  private static func plainValue(_ node: LocalizationNode) -> String? {
    plainUnit(node)?.value
  }

  /// True when no format check can report a plain value against the plain source value of a key
  /// without `%`: neither has `%`, or the value reads only common specifiers, each argument once,
  /// as the source value does (always so in the source language itself). Exactly the cases
  /// `LocalizationLinter.checkFormat` returns early for.
  private static func formatsAgree(
    _ value: String, _ scan: TextScan, source: String, isSource: Bool
  ) -> Bool {
    let sourceHasPercent = hasPercent(source)
    if !scan.hasPercent && !sourceHasPercent { return true }
    // `#` may reference a substitution, which `checkSubstitutions` reports.
    guard !value.containsUTF8(UInt8(ascii: "#")), !LocalizationLinter.mayMixPositions(value),
      let simple = SimpleFormat(value),
      simple.isOneToOne
    else { return false }
    if isSource { return true }
    let theirs = sourceHasPercent ? SimpleFormat(source).map(SourceLeaves.byPosition) : []
    return theirs == SourceLeaves.byPosition(simple)
  }

  private static func hasPercent(_ text: String) -> Bool {
    text.containsUTF8(UInt8(ascii: "%"))
  }
}

/// The checks of one localization (one key in one language).
struct LocalizationLinter {
  let entry: CatalogEntry
  let localization: Localization
  let sourceLanguage: String
  let source: SourceLeaves
  let leaves: LintLeaves
  let memo: LintMemo
  private(set) var findings: [Finding] = []
  /// The leaves' formats, parsed when a check first asks (the substitution and format checks
  /// both read a substitution form's).
  private var formats: [FormatString?] = []

  init(
    entry: CatalogEntry, localization: Localization, sourceLanguage: String, source: SourceLeaves,
    memo: LintMemo
  ) {
    self.memo = memo
    self.entry = entry
    self.localization = localization
    self.sourceLanguage = sourceLanguage
    self.source = source
    self.leaves = LintLeaves(localization.node)
  }

  /// The format of leaf `index` of ``leaves`` (``LintLeaf/format``), parsed once.
  mutating func format(ofLeaf index: Int) -> FormatString {
    if formats.isEmpty { formats = Array(repeating: nil, count: leaves.leaves.count) }
    if let known = formats[index] { return known }
    let format = leaves.leaves[index].format
    formats[index] = format
    return format
  }

  var language: String { localization.language }
  var isSourceLanguage: Bool { language == sourceLanguage }

  mutating func run() {
    checkSubstitutions()
    for plural in leaves.plurals { checkPlural(plural) }
    checkPluralArgument()
    for (index, leaf) in leaves.leaves.enumerated() {
      checkCharacters(leaf)
      checkFormat(leaf, index: index)
      if !isSourceLanguage { checkText(leaf) }
    }
    guard !findings.isEmpty else { return }
    let paths = VariationPaths(localization.node)
    for index in findings.indices {
      findings[index].variationPath = paths[findings[index].diagnostic.offset]
    }
  }

  /// Records a finding of check `id` with that check's severity.
  mutating func report(_ id: String, _ message: String, at offset: Int) {
    findings.append(Self.finding(id, message, at: offset, language: language, key: entry.key))
  }

  /// A finding of check `id` with that check's severity.
  static func finding(
    _ id: String, _ message: String, at offset: Int, language: String, key: String
  ) -> Finding {
    let severity = LintCheck.named(id)?.severity ?? .error
    return Finding(
      check: id,
      diagnostic: Diagnostic(severity, message, offset: offset, language: language, key: key))
  }

  /// True when a value has a C0 control other than tab/LF/CR, or a 0xEF lead byte (which starts
  /// U+FFFE/U+FFFF among others): only then are its characters checked one by one.
  static func hasSuspiciousCharacters(_ value: String) -> Bool {
    hasSuspiciousCharacters(TextScan(value))
  }

  static func hasSuspiciousCharacters(_ scan: TextScan) -> Bool {
    scan.hasControlCharacter || scan.hasByteEF
  }

  /// The leaf's characters: NUL and noncharacters are errors, other C0 controls warnings.
  private mutating func checkCharacters(_ leaf: LintLeaf) {
    guard Self.hasSuspiciousCharacters(leaf.value) else { return }
    for diagnostic in TextCheck.controlCharacterDiagnostics(
      leaf.value, what: "value", offset: leaf.offset, language: language, key: entry.key)
    {
      let check = diagnostic.severity == .error ? "xml-invalid-character" : "xml-control-character"
      findings.append(Finding(check: check, diagnostic: diagnostic))
    }
    if let scalar = leaf.value.unicodeScalars.first(where: {
      $0.value == 0xFFFE || $0.value == 0xFFFF
    }) {
      let code = String(scalar.value, radix: 16, uppercase: true)
      report(
        "xml-invalid-character",
        "value contains U+\(code), a noncharacter XML cannot hold; property list readers reject the whole file",
        at: leaf.offset)
    }
  }
}
