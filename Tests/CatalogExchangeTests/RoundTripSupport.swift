import CatalogExchange
import CatalogWriter
import Foundation
import LHCBase
import StringCatalog
import StringTables
import Testing
import XLIFF

/// Export → XLIFF bytes → read back → import, the steps every round-trip test takes.
enum RoundTrip {
  /// The `<file>` lhc exports for `language`, written to bytes and read back (as a translator's
  /// tool would get it).
  static func exported(_ catalog: Catalog, _ language: String) throws -> XLIFFFile {
    let file = try CatalogExport.file(
      catalog, language: language, original: "Localizable.xcstrings", tool: nil
    ).get()
    let bytes = try XLIFFWriter.bytes(XLIFFDocument(files: [file]))
    let document = try bytes.withUnsafeBufferPointer { try XLIFFReader.read($0) }
    return try #require(document.files.first)
  }

  /// `file` imported into `catalog`; fails the test on an error.
  static func imported(_ file: XLIFFFile, into catalog: Catalog) -> XLIFFImport {
    var importer = XLIFFImport(catalog)
    let diagnostics = importer.apply(file, catalogName: "Localizable.xcstrings")
    #expect(
      !diagnostics.contains { $0.severity == .error },
      "\(diagnostics.filter { $0.severity == .error })")
    return importer
  }

  /// The marker a scripted translation puts in front of unit `index`'s text.
  static func marker(_ language: String, _ index: Int) -> String { "⟪\(language):\(index)⟫" }

  /// `file` with every unit translated by script: a marker before its target text (its source
  /// text where it has none, as a translator starts), `translated`.
  static func scripted(_ file: XLIFFFile) -> XLIFFFile {
    var file = file
    let language = file.targetLanguage ?? "?"
    for index in file.units.indices {
      let unit = file.units[index]
      let text = marker(language, index) + (unit.target?.text ?? unit.source ?? "")
      file.units[index].target = TransUnit.Target(text: text, state: "translated")
    }
    return file
  }

  /// Whether an untouched import's change is one Xcode's untouched import makes too (`xliff.md`
  /// §3): a plural case exported without a target added as `new` with its source text, or a
  /// parent string whose positional substitution references became plain ones.
  static func isXcodesUntouchedChange(_ change: ImportChange, _ file: XLIFFFile) -> Bool {
    if change.old == nil {
      let unit = file.units.first { $0.id == change.id }
      return change.new.state == .new && unit?.target == nil && change.id.contains("plural.")
        && change.new.value == unit?.source
    }
    guard let old = change.old, old.state == change.new.state else { return false }
    let plain = (old.value ?? "").replacing(/%\d+\$#@/, with: "%#@")
    return plain == change.new.value && plain != old.value
  }

  /// Every text the compiled tables of `language` can resolve to.
  static func compiledTexts(_ catalog: Catalog, _ language: String) -> [String] {
    let result = CatalogCompiler.compile(
      catalog, table: "Localizable", options: CompileOptions(languages: [language]))
    guard let table = result.tables.first(where: { $0.language == language }) else { return [] }
    var texts = table.strings.values
    for entry in table.rules.values {
      for (_, form) in entry.leaves {
        switch form {
        case .text(let text): texts.append(text)
        case .format(let rule):
          texts.append(rule.formatKey)
          for variable in rule.variables.values { texts += variable.forms.values }
        }
      }
    }
    return texts
  }
}
