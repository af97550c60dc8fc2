import Foundation
import LHCTestSupport
import PluralRules
import Testing

@testable import SwiftSymbols

/// The generated `lhcPluralCategory` against lhc's own CLDR rules: the function for every CLDR
/// locale, compiled with `swiftc`, gives the category `PluralRules` gives for each number the
/// generated lookup can pass it (integers; decimals in shortest form, without trailing zeros).
@Suite("Generated plural rules")
struct PluralRuleSourceTests {
  /// Numbers as their text (the `PluralOperands` oracle reads it) and as `(i, v, f)`.
  static let numbers: [(text: String, i: UInt64, v: UInt64, f: UInt64)] = {
    var result = (0...1_000).map { (String($0), UInt64($0), UInt64(0), UInt64(0)) }
    for whole in [1_000_000, 2_000_000, 1_000_001] {
      result.append((String(whole), UInt64(whole), 0, 0))
    }
    for (whole, fraction) in [
      (0, "1"), (0, "5"), (1, "5"), (2, "25"), (10, "3"), (0, "01"), (3, "7"),
    ] {
      result.append(
        ("\(whole).\(fraction)", UInt64(whole), UInt64(fraction.count), UInt64(fraction)!))
    }
    return result
  }()

  static let locales = PluralRules.ruleSets.flatMap(\.locales).filter { $0 != "root" }

  @Test(.disabled(if: isSanitizerRun, "sanitizer run: the program is built by swiftc, unsanitized"))
  func everyLocaleAgreesWithPluralRules() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let function = PluralRuleSource.function(for: Set(Self.locales)).joined(separator: "\n")
    // Typed literals, small: an untyped array of a thousand tuples takes swiftc minutes.
    let decimals = Self.numbers.filter { $0.v > 0 || $0.i > 1_000 }
      .map { "(\($0.i), \($0.v), \($0.f))" }.joined(separator: ", ")
    let languages = Self.locales.map { "\"\($0.replacingOccurrences(of: "_", with: "-"))\"" }
    let main = """
      \(function)

      let numbers: [(i: UInt64, v: UInt64, f: UInt64)] =
        (0...1_000).map { (UInt64($0), 0, 0) } + [\(decimals)]
      let languages: [String] = [\(languages.joined(separator: ", "))]
      for language in languages {
        let categories = numbers.map { lhcPluralCategory(language, $0) ?? "nil" }
        print(language, categories.joined(separator: " "))
      }
      """
    let source = directory.appendingPathComponent("main.swift")
    try Data(main.utf8).write(to: source)
    let program = directory.appendingPathComponent("rules")
    let compiler = ProcessInfo.processInfo.environment["SWIFTC"] ?? "swiftc"
    let build = try runProcess(
      URL(fileURLWithPath: "/usr/bin/env"), [compiler, source.path, "-o", program.path])
    try #require(build.status == 0, "\(build.stderr)")
    #expect(!build.stderr.contains("warning:"), "\(build.stderr)")
    let run = try runProcess(program, [])
    try #require(run.status == 0, "\(run.stderr)")

    let lines = run.stdout.split(separator: "\n")
    try #require(lines.count == Self.locales.count)
    for (locale, line) in zip(Self.locales, lines) {
      let expected = Self.numbers.map {
        PluralRules.category(for: PluralOperands($0.text)!, language: locale)
      }
      let tag = locale.replacingOccurrences(of: "_", with: "-")
      #expect(line == "\(tag) " + expected.joined(separator: " "), "\(locale)")
    }
  }

  /// Only the rule sets of the languages asked for, each with the CLDR locales of their language
  /// subtags (`pt` brings `pt_PT`); none at all gives a function that always returns nil.
  @Test func carriesOnlyTheCatalogsLanguages() {
    let source = PluralRuleSource.function(for: ["pt-BR", "ru"]).joined(separator: "\n")
    #expect(source.contains(#"case "pt":"#))
    #expect(source.contains(#"case "pt_PT":"#))
    #expect(source.contains(#"case "ru", "uk":"#) == false)
    #expect(source.contains(#"case "ru":"#))
    #expect(!source.contains(#""de""#))
    let empty = PluralRuleSource.function(for: []).joined(separator: "\n")
    #expect(empty.hasSuffix("{\n  nil\n}"))
  }
}
