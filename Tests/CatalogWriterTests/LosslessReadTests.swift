import CatalogWriter
import Foundation
import LHCBase
import LHCTestSupport
import StringCatalog
import Testing

/// What a lossless read keeps, and the writer puts back in its place.
@Suite("Lossless read and write")
struct LosslessReadTests {
  /// Unknown members at every level (root, entry, localization node, string unit, string set,
  /// variation case node, substitution), unknown states, extraction states and variation kinds,
  /// empty known containers and an explicitly empty state: all come back byte for byte.
  static let everything = #"""
    {
      "_generator" : {
        "name" : "tool",
        "numbers" : [
          1,
          -2.50,
          1e3
        ]
      },
      "sourceLanguage" : "en",
      "strings" : {
        "empty" : {

        },
        "key" : {
          "commentGenerationVersion" : 2,
          "extractionState" : "extracted_later",
          "localizations" : {
            "de" : {
              "stringSet" : {
                "reviewer" : null,
                "state" : "translated",
                "values" : [
                  "Eins",
                  "Zwei"
                ]
              },
              "x-note" : true
            },
            "en" : {
              "stringUnit" : {
                "origin" : "ai",
                "state" : "future_state",
                "value" : "%#@n@"
              },
              "substitutions" : {
                "n" : {
                  "argNum" : 1,
                  "formatSpecifier" : "lld",
                  "hint" : "count",
                  "variations" : {
                    "plural" : {
                      "one" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "%arg item"
                        }
                      },
                      "other" : {
                        "stringUnit" : {
                          "state" : "",
                          "value" : "%arg items"
                        }
                      }
                    }
                  }
                }
              }
            },
            "fr" : {
              "substitutions" : {

              },
              "variations" : {
                "width" : {
                  "20" : {
                    "stringUnit" : {
                      "state" : "new",
                      "value" : "court"
                    }
                  }
                }
              }
            },
            "ja" : {
              "variations" : {

              }
            }
          }
        },
        "set" : {
          "localizations" : {
            "en" : {
              "stringSet" : {
                "state" : "new",
                "values" : [

                ]
              }
            }
          }
        },
        "zero" : {
          "localizations" : {

          }
        }
      },
      "version" : "1.3",
      "zz" : [

      ]
    }
    """#

  static let integersOnly = everything.replacing("-2.50", with: "-2").replacing("1e3", with: "1000")

  @Test func everythingRoundTrips() throws {
    let bytes = Array(Self.everything.utf8)
    let catalog = try readLossless(bytes)
    #expect(CatalogWriter.bytes(catalog) == bytes)
    // Unknown numbers stay as written; Foundation rewrites `-2.50` and `1e3` (the only difference).
    let integers = Array(Self.integersOnly.utf8)
    #expect(try foundationForm(bytes) != bytes)
    #expect(try foundationForm(integers) == integers)
    #expect(catalog.unknownMembers.map(\.name) == ["_generator", "zz"])
    let key = try #require(catalog.entries.first { $0.key == "key" })
    #expect(key.unknownMembers == [RawMember("commentGenerationVersion", .number("2"))])
    #expect(key.extractionState == "extracted_later")
    let de = try #require(key.localization(for: "de")?.node)
    #expect(de.stringSet == StringSet(state: .translated, values: ["Eins", "Zwei"], offset: 0))
    #expect(de.stringSetUnknownMembers == [RawMember("reviewer", .null)])
    #expect(de.unknownMembers == [RawMember("x-note", .bool(true))])
    let en = try #require(key.localization(for: "en")?.node)
    #expect(en.stringUnitUnknownMembers == [RawMember("origin", .string("ai"))])
    #expect(en.substitutions.first?.unknownMembers == [RawMember("hint", .string("count"))])
    #expect(key.localization(for: "fr")?.node.variations.first?.kind == "width")
  }

  /// The compile path's reader keeps none of it, and reads the same typed fields.
  @Test func fastReadKeepsOnlyTheModel() throws {
    let source = SourceText(path: "t.xcstrings", bytes: Array(Self.everything.utf8))
    var fast = try CatalogReader.read(source).catalog
    fast.clearOffsets()
    #expect(fast.unknownMembers.isEmpty)
    #expect(fast.entries.allSatisfy { $0.unknownMembers.isEmpty })
    var lossless = try readLossless(Array(Self.everything.utf8))
    func strip(_ node: inout LocalizationNode) {
      node.unknownMembers = []
      node.stringSetUnknownMembers = []
      node.stringUnitUnknownMembers = []
      for index in node.substitutions.indices {
        node.substitutions[index].unknownMembers = []
        for v in node.substitutions[index].variations.indices {
          for c in node.substitutions[index].variations[v].cases.indices {
            strip(&node.substitutions[index].variations[v].cases[c].node)
          }
        }
      }
    }
    lossless.unknownMembers = []
    for index in lossless.entries.indices {
      lossless.entries[index].unknownMembers = []
      for l in lossless.entries[index].localizations.indices {
        strip(&lossless.entries[index].localizations[l].node)
      }
    }
    #expect(fast == lossless)
  }

  /// A model edited after a lossless read: a field filled replaces the kept empty container; a
  /// container emptied again writes the kept one.
  @Test func editedFieldReplacesKeptEmptyContainer() throws {
    var catalog = try readLossless(Array(Self.integersOnly.utf8))
    let zero = try #require(catalog.entries.firstIndex { $0.key == "zero" })
    catalog.entries[zero].localizations = [
      Localization(
        language: "en",
        node: LocalizationNode(stringUnit: StringUnit(state: .translated, value: "0")))
    ]
    let text = String(decoding: CatalogWriter.bytes(catalog), as: UTF8.self)
    #expect(text.contains(#""zero" : {\#n      "localizations" : {\#n        "en" : {"#))
    #expect(try foundationForm(CatalogWriter.bytes(catalog)) == CatalogWriter.bytes(catalog))
    catalog.entries[zero].localizations = []
    #expect(CatalogWriter.bytes(catalog) == Array(Self.integersOnly.utf8))
  }

  /// Duplicate keys as the compile reader handles them: the last wins, in the first one's place,
  /// with a warning; also for unknown members.
  @Test func duplicatesLastWinsWithWarnings() throws {
    let text = #"""
      {"sourceLanguage":"en","x":1,"strings":{"b":{"comment":"1"},"a":{},"b":{"comment":"2","y":1,"y":2}},"x":2,"version":"1.0"}
      """#
    let source = SourceText(path: "t.xcstrings", bytes: Array(text.utf8))
    let (catalog, diagnostics) = try CatalogReader.readLossless(source)
    #expect(catalog.entries.map(\.key) == ["b", "a"])
    #expect(catalog.entries[0].comment == "2")
    #expect(catalog.entries[0].unknownMembers == [RawMember("y", .number("2"))])
    #expect(catalog.unknownMembers == [RawMember("x", .number("2"))])
    #expect(
      diagnostics.map(\.message) == ["duplicate key 'b'", "duplicate key 'y'", "duplicate key 'x'"])
  }

  /// Read in parts, a large catalog with unknown members before and after `strings` gives the
  /// sequential reader's model.
  @Test func partsKeepUnknownMembers() throws {
    var random = RandomCatalog(seed: 3)
    var catalog = random.catalog(entries: 300)
    catalog.unknownMembers = [
      RawMember("aaa", .string("first")), RawMember("zzz", .array([.null])),
    ]
    let bytes = CatalogWriter.bytes(catalog)
    let sequential = try readLossless(bytes)
    #expect(try readLossless(bytes, parts: 4) == sequential)
    #expect(sequential.unknownMembers.map(\.name) == ["aaa", "zzz"])
  }

  /// Type errors in the new fields are reported like the others.
  @Test func stringSetTypeErrors() {
    let text =
      #"{"sourceLanguage":"en","strings":{"k":{"localizations":{"en":{"stringSet":{"values":["a",1]}}}}},"version":"1.0"}"#
    #expect {
      try CatalogReader.readLossless(SourceText(path: "t.xcstrings", bytes: Array(text.utf8)))
    } throws: { error in
      (error as? DiagnosticError)?.diagnostics.first?.message
        == "at `strings.k.localizations.en.stringSet.values`: expected a string, found a number"
    }
  }
}
