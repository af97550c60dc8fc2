import CatalogWriter
import Foundation
import LHCBase
import LHCTestSupport
import StringCatalog

/// Foundation's JSON writer as the oracle: `bytes` parsed by `JSONSerialization` and written with
/// the options Xcode's files match (`catalog-writing.md` §2).
func foundationForm(_ bytes: [UInt8]) throws -> [UInt8] {
  let object = try JSONSerialization.jsonObject(with: Data(bytes))
  let data = try JSONSerialization.data(
    withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
  return Array(data)
}

/// A lossless read of `bytes`, offsets cleared.
func readLossless(_ bytes: [UInt8], parts: Int = 1) throws -> Catalog {
  var catalog = try CatalogReader.readLossless(
    SourceText(path: "test.xcstrings", bytes: bytes), parts: parts
  ).catalog
  catalog.clearOffsets()
  return catalog
}

/// The catalogs of the corpus and the Xcode 27 fixtures.
enum CatalogFiles {
  static let corpus: [URL] = TestPaths.corpusCatalogNames.map {
    TestPaths.corpusCatalogFolder.appendingPathComponent($0)
  }

  static let xcode27: [URL] = {
    let folder = TestPaths.corpus.appendingPathComponent("xcode27")
    let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }
    return (files ?? []).filter { $0.hasSuffix(".xcstrings") }.sorted().map {
      folder.appendingPathComponent($0)
    }
  }()

  /// Corpus catalogs Xcode did not write (`SOURCES.md`): a trailing comma.
  static let notXcodeWritten: Set<String> = [
    "bazelbuild__rules_apple__examples_Localizable.xcstrings"
  ]

  static func bytes(_ file: URL) throws -> [UInt8] {
    Array(try Data(contentsOf: file))
  }
}

/// `catalog` with every keyed collection in the writer's order, so a model built or read in
/// another order compares equal to its re-read.
func inWriterOrder(_ catalog: Catalog) -> Catalog {
  var catalog = catalog
  catalog.entries = ordered(catalog.entries, \.key).map { entry in
    var entry = entry
    entry.unknownMembers = ordered(entry.unknownMembers)
    entry.localizations = ordered(entry.localizations, \.language).map { localization in
      var localization = localization
      localization.node = inWriterOrder(localization.node)
      return localization
    }
    return entry
  }
  catalog.unknownMembers = ordered(catalog.unknownMembers)
  return catalog
}

func inWriterOrder(_ node: LocalizationNode) -> LocalizationNode {
  var node = node
  node.unknownMembers = ordered(node.unknownMembers)
  node.stringSetUnknownMembers = ordered(node.stringSetUnknownMembers)
  node.stringUnitUnknownMembers = ordered(node.stringUnitUnknownMembers)
  node.variations = inWriterOrder(node.variations)
  node.substitutions = ordered(node.substitutions, \.name).map { substitution in
    var substitution = substitution
    substitution.unknownMembers = ordered(substitution.unknownMembers)
    substitution.variations = inWriterOrder(substitution.variations)
    return substitution
  }
  return node
}

func inWriterOrder(_ variations: [Variation]) -> [Variation] {
  ordered(variations, \.kind.rawValue).map { variation in
    var variation = variation
    variation.cases = ordered(variation.cases, \.name).map { variationCase in
      var variationCase = variationCase
      variationCase.node = inWriterOrder(variationCase.node)
      return variationCase
    }
    return variation
  }
}

func ordered<Item>(_ items: [Item], _ key: KeyPath<Item, String>) -> [Item] {
  CatalogKeyOrder.sortedIndices(items) { $0[keyPath: key] }.map { items[$0] }
}

func ordered(_ members: [RawMember]) -> [RawMember] {
  ordered(members, \.name).map { RawMember($0.name, inWriterOrder($0.value)) }
}

func inWriterOrder(_ value: RawJSON) -> RawJSON {
  switch value {
  case .object(let members): .object(ordered(members))
  case .array(let elements): .array(elements.map(inWriterOrder))
  default: value
  }
}
