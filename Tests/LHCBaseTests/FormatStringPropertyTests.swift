import Foundation
import LHCBase
import LHCTestSupport
import Testing

/// Checks the invariants every parse must hold; returns nothing, records issues.
func checkInvariants(
  _ format: FormatString, input: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(format.text == input, "round trip", sourceLocation: sourceLocation)
  let bytes = Array(input.utf8)
  var offset = 0
  var previousWasLiteral = false
  for token in format.tokens {
    let text = token.text
    #expect(!text.isEmpty, sourceLocation: sourceLocation)
    let isLiteral: Bool
    if case .literal = token { isLiteral = true } else { isLiteral = false }
    #expect(!(isLiteral && previousWasLiteral), "adjacent literals", sourceLocation: sourceLocation)
    #expect(
      isLiteral ? !text.utf8.contains(UInt8(ascii: "%")) : text.utf8.first == UInt8(ascii: "%"),
      sourceLocation: sourceLocation)
    switch token {
    case .specifier(let specifier):
      #expect(specifier.utf8Offset == offset, sourceLocation: sourceLocation)
    case .substitution(let reference):
      #expect(reference.utf8Offset == offset, sourceLocation: sourceLocation)
    default: break
    }
    let slice = bytes[min(offset, bytes.count)..<min(offset + text.utf8.count, bytes.count)]
    #expect(Array(slice) == Array(text.utf8), sourceLocation: sourceLocation)
    offset += text.utf8.count
    previousWasLiteral = isLiteral
  }
  let positions = format.arguments.map(\.position)
  #expect(
    positions == positions.sorted() && Set(positions).count == positions.count,
    sourceLocation: sourceLocation)
  #expect(positions.allSatisfy { $0 > 0 }, sourceLocation: sourceLocation)
}

@Suite struct FormatStringPropertyTests {
  static let alphabet: [String] = [
    "%", "%", "%", "%", "$", "#", "@", "@", "*", ".", "l", "h", "q", "L", "0", "1", "2", "9",
    "d", "f", "a", "r", "g", "s", "x", " ", "-", "+", "'", "é", "名", "😀", "e\u{301}", "\n",
  ]

  @Test func randomRoundTrip() {
    var generator = SplitMix64(state: 20_240_601)
    for _ in 0..<4000 {
      let length = Int.random(in: 0...24, using: &generator)
      let input = (0..<length).map { _ in Self.alphabet.randomElement(using: &generator) ?? "" }
        .joined()
      checkInvariants(FormatString(parsing: input), input: input)
      checkInvariants(FormatString(parsing: input, options: .argPlaceholder), input: input)
    }
  }

  /// Foundation is the oracle: formatting the whole string with arguments of the parsed types
  /// must equal formatting each parsed specifier on its own.
  @Test func foundationOracle() {
    var generator = SplitMix64(state: 7)
    let pieces = ["%d", "%ld", "%f", "%@", "%%", "ab", " ", "é ", "x y", "😀"]
    for _ in 0..<200 {
      var input = ""
      var fed = 0
      for _ in 0..<Int.random(in: 0...8, using: &generator) {
        let piece = pieces.randomElement(using: &generator) ?? ""
        if piece.hasPrefix("%") && piece != "%%" { fed += 1 }
        input += piece
      }
      let format = FormatString(parsing: input)
      #expect(format.arguments.count == fed, "\(input)")
      #expect(format.arguments.map(\.position) == Array(0..<fed).map { $0 + 1 })
      var values: [CVarArg] = []
      for argument in format.arguments {
        switch argument.argumentType {
        case .int32?: values.append(Int32(argument.position * 7))
        case .int64?: values.append(argument.position * 1_000_000_007)
        case .double?: values.append(Double(argument.position) + 0.25)
        default: values.append(NSString(string: "s\(argument.position)"))
        }
      }
      var expected = ""
      for token in format.tokens {
        switch token {
        case .literal(let text): expected += text
        case .percent: expected += "%"
        case .specifier(let specifier):
          let value = format.arguments.firstIndex { $0.specifiers.contains(specifier) }.map {
            values[$0]
          }
          expected += value.map { String(format: specifier.text, $0) } ?? "?"
        default: expected += "?"
        }
      }
      #expect(String(format: input, arguments: values) == expected, "\(input)")
    }
  }

  static let corpusDirectory = TestPaths.corpus.appendingPathComponent("xcstrings")

  /// Every string value (and key) in the shared corpus catalogs parses and round-trips.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: corpusDirectory.path)))
  func corpusCatalogs() throws {
    let files = try FileManager.default.contentsOfDirectory(
      at: Self.corpusDirectory, includingPropertiesForKeys: nil
    ).filter { $0.pathExtension == "xcstrings" }
    var count = 0
    for file in files {
      guard let root = try? JSONSerialization.jsonObject(with: Data(contentsOf: file)) else {
        continue
      }
      var strings: [String] = []
      collectValues(root, into: &strings)
      for string in strings {
        checkInvariants(FormatString(parsing: string, options: .argPlaceholder), input: string)
        count += 1
      }
    }
    #expect(count > 0 || files.isEmpty)
  }

  /// Collects every `"value"` string and every key of a `"strings"` dictionary below `node`.
  func collectValues(_ node: Any, into strings: inout [String]) {
    if let dictionary = node as? [String: Any] {
      for (key, value) in dictionary {
        if key == "value", let string = value as? String { strings.append(string) }
        if key == "strings", let table = value as? [String: Any] {
          strings.append(contentsOf: table.keys)
        }
        collectValues(value, into: &strings)
      }
    } else if let array = node as? [Any] {
      for element in array { collectValues(element, into: &strings) }
    }
  }
}
