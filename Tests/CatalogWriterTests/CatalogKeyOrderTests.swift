import Foundation
import LHCBase
import LHCTestSupport
import StringCatalog
import Testing

@testable import CatalogWriter

/// The fast key order against Foundation's `compare(_:options:range:locale:)`, its oracle.
@Suite("CatalogKeyOrder")
struct CatalogKeyOrderTests {
  /// The fast path alone (nil outside its domain).
  func fast(_ left: String, _ right: String) -> Int? {
    left.withUTF8Bytes { l in right.withUTF8Bytes { r in CatalogKeyOrder.compare(l, r) } }
  }

  /// Every pair of printable ASCII characters, and the table of ICU's root order they imply.
  @Test func everyPairOfPrintableCharactersAsFoundation() {
    let characters = (0x20...0x7E).map { String(UnicodeScalar(UInt8($0))) }
    var mismatches: [String] = []
    for left in characters {
      for right in characters
      where fast(left, right) != CatalogKeyOrder.foundationCompare(left, right) {
        mismatches.append("\(left) \(right)")
      }
    }
    #expect(mismatches.isEmpty)
  }

  /// The examples of `catalog-writing.md` §2 (all from real catalogs).
  @Test func documentedExamples() {
    let chains = [
      ["about", "adjust_pop_button_origin", "Alignment Error", "allow_collect_analytics"],
      ["Find out more", "Find Out More"], ["unread", "Unread"],
      ["6.title", "29.headerCell.title"], ["80.title", "171.title"], ["1", "20", "70"],
      ["Add…", "AddButtonTooltip"],
      ["(No Text)", "[netnewswire.com](…)", "%@ of %@", "🦖 Dinosaurs", "A web browser…"],
      ["#%@", "%@"], [" ", "-", "."], ["es", "es-419"], ["zh-Hant", "zh-HK"],
      ["few", "many", "one", "other", "two", "zero"],
    ]
    for chain in chains {
      for (left, right) in zip(chain, chain.dropFirst()) {
        #expect(CatalogKeyOrder.precedes(left, right), "\(left) < \(right)")
        #expect(!CatalogKeyOrder.precedes(right, left), "\(right) > \(left)")
        #expect(
          CatalogKeyOrder.foundationCompare(left, right) == -1, "Foundation: \(left) < \(right)")
      }
    }
  }

  /// Random strings over alphabets that stress each rule: case, digit runs and leading zeros,
  /// punctuation and symbols, shared prefixes; and all printable ASCII.
  @Test(arguments: [
    "aAbBzZ0019 -._", "aA01 -", "aAbB0123456789", #"aAzZ09 _-,;:!?.'"()[]{}@*/\&#%`^+<=>|~$"#,
    String((0x20...0x7E).map { Character(UnicodeScalar(UInt8($0))) }),
  ])
  func randomStringsAsFoundation(alphabet: String) {
    var random = SplitMix64(state: UInt64(alphabet.utf8.count))
    let letters = Array(alphabet)
    func text(_ count: Int) -> String {
      String((0..<count).map { _ in letters[Int.random(in: 0..<letters.count, using: &random)] })
    }
    var mismatches: [String] = []
    for _ in 0..<6000 {
      let prefix = Bool.random(using: &random) ? text(Int.random(in: 0...4, using: &random)) : ""
      let left = prefix + text(Int.random(in: 0...6, using: &random))
      let right = prefix + text(Int.random(in: 0...6, using: &random))
      if fast(left, right) != CatalogKeyOrder.foundationCompare(left, right) {
        mismatches.append("\(left.debugDescription) \(right.debugDescription)")
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
  }

  /// What the fast path leaves to Foundation: non-ASCII, control characters, long numbers.
  @Test func fastDomain() {
    #expect(fast("é", "e") == nil)
    #expect(fast("a\tb", "ab") == nil)
    #expect(fast("a\u{7F}", "a") == nil)
    #expect(fast(String(repeating: "9", count: 19), "1") == nil)
    #expect(fast(String(repeating: "9", count: 18), "1") == 1)
    #expect(fast("zh-Hant", "zh-HK") == -1)
  }

  /// Every key at every level of every corpus and Xcode 27 catalog: each object's keys, and
  /// random pairs of entry keys across all catalogs.
  @Test func corpusKeysAsFoundation() throws {
    var objects: [[String]] = []
    for file in CatalogFiles.corpus + CatalogFiles.xcode27 {
      let catalog = try readLossless(try CatalogFiles.bytes(file))
      objects.append(catalog.entries.map(\.key))
      for entry in catalog.entries {
        objects.append(entry.localizations.map(\.language))
        for localization in entry.localizations { collect(localization.node, into: &objects) }
      }
    }
    var random = SplitMix64(state: 7)
    let keys = objects[0...].flatMap { $0 }
    var mismatches: [String] = []
    func check(_ left: String, _ right: String) {
      if CatalogKeyOrder.compare(left, right) != CatalogKeyOrder.foundationCompare(left, right) {
        mismatches.append("\(left.debugDescription) \(right.debugDescription)")
      }
    }
    for keys in objects {
      for (left, right) in zip(keys, keys.dropFirst()) { check(left, right) }
    }
    for _ in 0..<20000 {
      check(keys.randomElement(using: &random)!, keys.randomElement(using: &random)!)
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
  }

  func collect(_ node: LocalizationNode, into objects: inout [[String]]) {
    objects.append(node.variations.map(\.kind.rawValue))
    objects.append(node.substitutions.map(\.name))
    for variation in node.variations {
      objects.append(variation.cases.map(\.name))
      for variationCase in variation.cases { collect(variationCase.node, into: &objects) }
    }
    for substitution in node.substitutions {
      for variation in substitution.variations {
        objects.append(variation.cases.map(\.name))
      }
    }
  }

  /// The writer's fixed field lists are in the order Foundation sorts them.
  @Test func fieldNamesInFoundationsOrder() {
    let lists = [
      ["sourceLanguage", "strings", "version"],
      [
        "comment", "extractionState", "generatesSymbol", "isCommentAutoGenerated", "localizations",
        "shouldTranslate",
      ],
      ["stringSet", "stringUnit", "substitutions", "variations"], ["state", "value"],
      ["state", "values"], ["argNum", "formatSpecifier", "variations"],
    ]
    for list in lists {
      #expect(list.sorted { CatalogKeyOrder.foundationCompare($0, $1) < 0 } == list)
    }
  }

  /// Equal keys keep the last; sorted input is returned as is.
  @Test func sortedIndicesKeepTheLastOfEqualKeys() {
    #expect(CatalogKeyOrder.sortedIndices(["b", "a", "b", "A"]) == [1, 3, 2])
    #expect(CatalogKeyOrder.sortedIndices(["a", "b", "c"]) == [0, 1, 2])
    #expect(CatalogKeyOrder.sortedIndices(["é", "e", "f"]) == [1, 0, 2])
  }
}
