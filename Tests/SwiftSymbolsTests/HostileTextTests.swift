import Foundation
import LHCBase
import StringCatalog
import Testing

@testable import SwiftSymbols

/// Catalog text and table names never leave their string literal or comment line in the
/// generated Swift, however they are spelled.
@Suite("Generated Swift from hostile text")
struct HostileTextTests {
  static let injected = "func pwned() {}"

  /// The source generated for one key, in a table named `table`.
  func source(key: String, value: String, comment: String, table: String) throws -> String {
    let json = JSONValue.object([
      ("sourceLanguage", .string("en")), ("version", .string("1.0")),
      (
        "strings",
        .object([
          (
            key,
            .object([
              ("comment", .string(comment)),
              (
                "localizations",
                .object([
                  (
                    "en",
                    .object([
                      (
                        "stringUnit",
                        .object([("state", .string("translated")), ("value", .string(value))])
                      )
                    ])
                  )
                ])
              ),
            ])
          )
        ])
      ),
    ]).document()
    let (catalog, _) = try CatalogReader.read(
      SourceText(path: "T.xcstrings", bytes: Array(json.utf8)))
    let (symbols, _) = SymbolBuilder.build(catalog, table: table, options: SymbolOptions())
    return SwiftSourceWriter.source(for: [symbols], options: SymbolOptions())
  }

  @Test(arguments: ["\n", "\r", "\r\n", "\u{2028}", "\u{85}", "\u{0B}"])
  func lineBreaksStayInsideLiteralsAndComments(lineBreak: String) throws {
    let escape = "\"\\" + lineBreak + Self.injected + lineBreak + "//"
    let text = try source(
      key: "key" + escape, value: "value" + escape, comment: "*/" + escape,
      table: "Table" + lineBreak + "}" + lineBreak + Self.injected + lineBreak + "//")
    let lines = text.split(whereSeparator: { $0.isNewline }).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    #expect(!lines.contains(Self.injected), "\(text)")
    #expect(!lines.contains("}" + Self.injected))
    #expect(text.contains("lhcString("), "the key has its symbol")
  }
}
