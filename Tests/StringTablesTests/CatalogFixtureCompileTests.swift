import Foundation
import LHCBase
import LHCTestSupport
import StringCatalog
import Testing

@testable import StringTables

/// Catalog fixtures of `TestData/` read by the real reader and compiled: what each table holds and
/// every diagnostic, with its language, key (`key|==|path` inside a key) and position.
@Suite("Compiling fixtures")
struct CatalogFixtureCompileTests {
  /// Reads and compiles `TestData/<path>`; diagnostics as `line:col: severity: message (lang: key)`.
  static func compile(_ path: String) throws -> (result: CompileResult, messages: [String]) {
    let source = try SourceText(contentsOf: TestPaths.testData.appendingPathComponent(path).path)
    let (catalog, readerDiagnostics) = try CatalogReader.read(source)
    let result = CatalogCompiler.compile(catalog, table: "Localizable")
    let messages = (readerDiagnostics + result.diagnostics).map { diagnostic in
      let (line, column) = source.lineColumn(of: diagnostic.offset ?? 0)
      return "\(line):\(column): \(diagnostic.severity.rawValue): \(diagnostic.message)"
        + diagnostic.contextSuffix
    }
    return (result, messages)
  }

  static func table(_ result: CompileResult, _ language: String) -> StringTable? {
    result.tables.first { $0.language == language }
  }

  @Test func stringSetsAreReportedOnceAndNotCompiled() throws {
    let (result, messages) = try Self.compile("catalogs/AppShortcuts.xcstrings")
    #expect(
      messages == [
        "7:25: warning: \(TextCheck.stringSetNotCompiled) (de: Create a new document in ${applicationName})"
      ])
    #expect(!result.hasErrors)
    #expect(result.tables.map(\.language) == ["de"])
    #expect(Self.table(result, "de")?.strings == ["Document": "Dokument"])
  }

  /// Translations of shipping apps that Xcode builds, of keys the code formats: a `%` sequence
  /// that is not a complete specifier, or a prose-like one, is a warning naming language and key,
  /// and the value is emitted as written. A flag interpolation can write (`%+d`) is none.
  @Test func malformedSpecifiersAreWarningsAndEmittedVerbatim() throws {
    let (result, messages) = try Self.compile("compile/MalformedSpecifiers.xcstrings")
    #expect(
      messages == [
        #"13:26: warning: Invalid format specifier "% ("; write "%%" for a literal percent sign (de: %@ (%@ minimum))"#,
        #"29:26: warning: Invalid format specifier "%2$ ("; write "%%" for a literal percent sign (cs: %@ of %@ (%@ minimum))"#,
        #"45:26: warning: Unusual format specifier "% p" (flag ' '); write "%%" if a literal percent sign is meant (ca: %@ posts)"#,
        #"61:26: warning: Invalid format specifier "%$"; write "%%" for a literal percent sign (ru: Version %@ (%lld))"#,
        #"93:26: warning: Unusual format specifier "%-@" (flag '-' without a width); write "%%" if a literal percent sign is meant (it: Hello %@!)"#,
      ])
    #expect(!result.hasErrors)
    #expect(Self.table(result, "ru")?.strings["Version %@ (%lld)"] == "Версия %1$@ (%$11d)")
    #expect(
      Self.table(result, "cs")?.strings["%@ of %@ (%@ minimum)"] == "%1$@%2$ (%3$@ minimálně)")
    #expect(Self.table(result, "de")?.strings["%@ (%@ minimum)"] == "%@% (%@ minimum)")
    #expect(Self.table(result, "ca")?.strings["%@ posts"] == "% publicacions")
  }

  /// Width variations become width rules; a device under a width has no `.strings` slot for its
  /// `other`, which is written for every documented device class the variation does not name.
  @Test func widthVariationsCompileToWidthRules() throws {
    let (result, messages) = try Self.compile("compile/Widths.xcstrings")
    #expect(messages.isEmpty)
    let en = try #require(Self.table(result, "en"))
    #expect(en.strings.isEmpty)
    #expect(
      en.rules["greeting"]
        == .width([
          "1": .text("Hi!"), "20": .text("Hello!"), "70": .text("Greetings and salutations!"),
        ]))
    guard case .width(let widths)? = en.rules["hello.device"],
      case .device(let narrow)? = widths["20"]
    else {
      Issue.record("expected width → device")
      return
    }
    #expect(Set(narrow.keys) == Set(DeviceClass.all))
    #expect(narrow["ipod"] == .text("Hi iPod!"))
    #expect(narrow["mac"] == .text("Hi!"))
    guard
      case .format(let inbox)? = { () -> WidthForm? in
        if case .width(let forms)? = en.rules["inbox"] { return forms["20"] }
        return nil
      }()
    else {
      Issue.record("expected width → format")
      return
    }
    #expect(inbox.formatKey == "%1$#@messages_20@ in %2$#@inbox_20@")
    #expect(Set(inbox.variables.keys) == ["messages_20", "inbox_20"])
    #expect(Self.table(result, "fr") == nil)
  }
}
