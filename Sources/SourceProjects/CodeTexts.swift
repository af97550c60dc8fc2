import SourceStrings

/// The sync's safety net (`lhc-extract(1)`, SYNC): a key the code no longer uses, as far as lhc
/// can tell, is not retired while its text still occurs in the code that feeds its catalog — the
/// code of the catalog's targets and the files of no target — as a literal lhc cannot prove
/// non-localizable (``SourceStrings/CodeLiteral``). Where lhc is unsure, it does not act.
public struct CodeTexts: Sendable {
  /// One literal of a file: its forms (``SourceStrings/KeyText``) and where it is.
  public struct Literal: Sendable {
    public var forms: [String]
    public var line: Int
    public var column: Int

    public init(forms: [String], line: Int, column: Int) {
      self.forms = forms
      self.line = line
      self.column = column
    }
  }

  /// Where a key's text occurs.
  public struct Occurrence: Sendable, Equatable {
    public var file: String
    public var line: Int
    public var column: Int
  }

  /// The first occurrence (in file, line and column order) of each form.
  private var first: [String: Occurrence] = [:]

  /// The texts of the code that feeds `catalog`: the files of its (non-test) targets and the
  /// files of no target, of those `extraction` read.
  public init(feeding catalog: String, extraction: Extraction, scan: SourceScan) {
    let ownTargets = scan.targets.filter { !$0.isTest && $0.catalogs.contains(catalog) }
    for file in extraction.literals.keys.sorted() {
      let targets = scan.targets(of: file)
      guard
        targets.isEmpty
          || targets.contains(where: { target in
            ownTargets.contains { $0.name == target.name && $0.origin == target.origin }
          })
      else { continue }
      let literals = (extraction.literals[file] ?? []).sorted {
        ($0.line, $0.column) < ($1.line, $1.column)
      }
      for literal in literals {
        for form in literal.forms where first[form] == nil {
          first[form] = Occurrence(file: file, line: literal.line, column: literal.column)
        }
      }
    }
  }

  /// Where `key`'s text occurs in the code, or nil (also for a key without a letter outside
  /// its arguments).
  public func occurrence(of key: String) -> Occurrence? {
    for form in KeyText.forms(ofKey: key) {
      if let occurrence = first[form] { return occurrence }
    }
    return nil
  }
}
