import Foundation
import LHCBase
import LHCTestSupport
import Testing

@testable import StringTables

/// The compiler's fast path must agree with the full format-string parser wherever it answers.
@Suite("SimpleFormat")
struct SimpleFormatTests {
  /// What the full parser says: no errors possible, and the first numeric value type per position.
  static func oracle(_ text: String) -> (simple: Bool, numeric: [Int: String]) {
    let format = FormatString(parsing: text)
    var simple = format.invalidTokens.isEmpty && format.substitutionReferences.isEmpty
    for specifier in format.specifiers
    where !specifier.flags.isEmpty || specifier.width != nil || specifier.precision != nil
      || specifier.conversion == "n"
    {
      simple = false
    }
    var numeric: [Int: String] = [:]
    for argument in format.arguments {
      if let specifier = argument.specifiers.first(where: { $0.argumentType.isNumeric }) {
        numeric[argument.position] = specifier.valueType
      }
    }
    return (simple, numeric)
  }

  static func check(_ text: String) {
    guard let fast = SimpleFormat(text) else { return }
    let (simple, numeric) = oracle(text)
    #expect(simple, "fast path accepted \(text)")
    var firsts: [Int: String] = [:]
    for (position, valueType) in fast.numeric where firsts[position] == nil {
      firsts[position] = valueType
    }
    #expect(firsts == numeric, "\(text)")
  }

  @Test(arguments: [
    "", "plain", "%d", "%lld items", "%@ has %lld files", "%1$@ %2$lld %1$@", "%2$lld of %1$d",
    "%%", "100%% done %u", "%hhd %hd %qd %zd %td %jd %Lf %lf", "%f %e %g %E %G %x %X %o",
    "%s %c", "é %lld 😀",
  ])
  func acceptedCommonSpecifiers(text: String) {
    #expect(SimpleFormat(text) != nil, "\(text)")
    Self.check(text)
  }

  @Test(arguments: [
    "100%", "50%-ig", "%5d", "%.2f", "%-5d", "%n", "%#@name@", "%0$d", "%lhd", "%llld", "%a",
    "% o", "%", "%l", "%1$",
  ])
  func otherTextsFallBack(text: String) {
    #expect(SimpleFormat(text) == nil, "\(text)")
  }

  @Test func randomStringsAgreeWithTheFullParser() {
    let alphabet = [
      "%", "%%", "d", "l", "ll", "h", "q", "@", "1", "2", "$", " ", "x", "f", ".", "-", "#", "é",
      "n", "a",
    ]
    var state: UInt64 = 42
    for _ in 0..<20_000 {
      var text = ""
      for _ in 0..<(Int(state >> 60) + 1) {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        text += alphabet[Int(state >> 33) % alphabet.count]
      }
      Self.check(text)
    }
  }

  @Test func corpusValuesAgreeWithTheFullParser() throws {
    let folder = TestPaths.corpus.appendingPathComponent("xcstrings")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    var accepted = 0
    for name in names where name.hasSuffix(".xcstrings") {
      let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
      for line in text.split(separator: "\n") where line.contains("\"value\" : \"") {
        guard let start = line.range(of: "\"value\" : \"")?.upperBound else { continue }
        let value = String(line[start...].dropLast())
        Self.check(value)
        if value.contains("%"), SimpleFormat(value) != nil { accepted += 1 }
      }
    }
    #expect(names.isEmpty || accepted > 1000)
  }
}

@Suite("TextScan")
struct TextScanTests {
  @Test func findsPercentAndControlCharactersAnywhere() {
    for length in 0..<40 {
      for position in 0..<max(length, 1) {
        for (byte, percent, control) in [
          (UInt8(ascii: "%"), true, false), (0x01, false, true), (0x09, false, false),
          (0x0A, false, false), (0x1F, false, true), (0x00, false, true), (0xC3, false, false),
        ] as [(UInt8, Bool, Bool)] {
          var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
          if length > 0 {
            bytes[position] = byte
            if byte == 0xC3 { bytes[position] = 0x41 }  // keep valid UTF-8
          }
          let scan = TextScan(String(decoding: bytes, as: UTF8.self))
          #expect(scan.hasPercent == (length > 0 && percent), "\(length) \(position) \(byte)")
          #expect(
            scan.hasControlCharacter == (length > 0 && control), "\(length) \(position) \(byte)")
        }
      }
    }
    let mixed = TextScan("Привет, мир! 100% \u{1B}")
    #expect(mixed.hasPercent && mixed.hasControlCharacter)
    #expect(TextScan("naïve café — ok").isPlain)
  }
}
