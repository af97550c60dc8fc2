/// The lookup functions at the end of a generated file, after `lhcBundle`: `lhcString` (a key
/// without arguments) and `lhcFormat` (with arguments), each for an optional `Locale`.
///
/// On Apple platforms (`#if canImport(Darwin)`) Foundation looks up and formats, as before; with a
/// locale, in the bundle's `.lproj` folder that `Bundle.preferredLocalizations(from:forPreferences:)`
/// picks for it. Elsewhere Foundation crashes on `.stringsdict` keys and ignores the environment's
/// language, so the generated code reads the compiled tables itself: the language from the locale or
/// the environment (gettext's order), else the table's development language; Apple's
/// `.stringsdict` rules (device `other`, the widest width, CLDR plural forms of the carried
/// languages, `zero` for 0); then `String(format:locale:arguments:)`. Only the plural rules and
/// the development languages depend on the catalogs; the rest is fixed text.
enum LookupSource {
  /// The lookup section for `tables`.
  static func text(for tables: [SymbolTable]) -> String {
    var lines = ["#if canImport(Darwin)", apple, "#else", portable, ""]
    lines += developmentLanguage(tables)
    lines.append("")
    lines += PluralRuleSource.function(for: tables.reduce(into: []) { $0.formUnion($1.languages) })
    lines.append("#endif")
    return lines.joined(separator: "\n") + "\n"
  }

  /// `lhcDevelopmentLanguage(_:)`: each table's source language, for bundles without a
  /// development region.
  private static func developmentLanguage(_ tables: [SymbolTable]) -> [String] {
    let languages = Set(tables.map(\.sourceLanguage))
    var lines = [
      "/// The development language of a table in a bundle without one: its catalog's source language.",
      "private nonisolated func lhcDevelopmentLanguage(_ table: String) -> String {",
    ]
    if languages.count <= 1 {
      lines.append("  \(SwiftLiteral.string(tables.first?.sourceLanguage ?? "en"))")
    } else {
      lines.append("  switch table {")
      for table in tables {
        lines.append(
          "  case \(SwiftLiteral.string(table.table)): return \(SwiftLiteral.string(table.sourceLanguage))"
        )
      }
      lines += ["  default: return \(SwiftLiteral.string(tables[0].sourceLanguage))", "  }"]
    }
    return lines + ["}"]
  }

  /// Foundation's lookup, with a locale in its `.lproj` folder.
  private static let apple = #"""
    /// The bundle's string for `key`, or `fallback` (the source-language text) when it has none: in
    /// the localization Foundation picks for `locale`, or for the user's languages when it is nil.
    private nonisolated func lhcString(
      _ key: String, _ table: String, _ fallback: String, _ locale: Locale?
    ) -> String {
      lhcLocalizedBundle(locale).localizedString(forKey: key, value: fallback, table: table)
    }

    /// The looked-up format with its arguments, formatted for `locale` (nil: the current locale).
    private nonisolated func lhcFormat(
      _ key: String, _ table: String, _ fallback: String, _ arguments: [any CVarArg], _ locale: Locale?
    ) -> String {
      let format = lhcString(key, table, fallback, locale)
      return String(format: format, locale: locale ?? Locale.current, arguments: arguments)
    }

    /// The bundle; for `locale`, its `.lproj` folder of the localization Foundation picks for it.
    private nonisolated func lhcLocalizedBundle(_ locale: Locale?) -> Bundle {
      let bundle = lhcBundle
      guard let locale,
        let language = Bundle.preferredLocalizations(
          from: bundle.localizations, forPreferences: [locale.identifier]
        ).first,
        let path = bundle.path(forResource: language, ofType: "lproj"),
        let localized = Bundle(path: path)
      else { return bundle }
      return localized
    }
    """#

  /// The lookup off Apple platforms, up to the catalog-dependent functions.
  private static let portable = #"""
    // Off Apple platforms Foundation crashes looking up `.stringsdict` keys and ignores the
    // environment's language: the compiled tables are read here and Apple's rules applied.

    /// The string for `key` in the language of `locale` (nil: the environment's, see
    /// `lhcRequestedLanguages`), or `fallback` (the source-language text) when the bundle has none.
    private nonisolated func lhcString(
      _ key: String, _ table: String, _ fallback: String, _ locale: Locale?
    ) -> String {
      lhcLookup(key, table, fallback, nil, locale)
    }

    /// The looked-up format with its arguments (plural forms chosen for them), formatted for the
    /// language of `locale` (nil: the environment's).
    private nonisolated func lhcFormat(
      _ key: String, _ table: String, _ fallback: String, _ arguments: [any CVarArg], _ locale: Locale?
    ) -> String {
      lhcLookup(key, table, fallback, arguments, locale)
    }

    /// The first requested language the bundle has the table in (else the development language:
    /// the bundle's `CFBundleDevelopmentRegion`, else the catalog's source language):
    /// its `.stringsdict` entry, else its `.strings` value, else `fallback`; formatted for the
    /// locale (else the matched language) when there are `arguments`.
    private nonisolated func lhcLookup(
      _ key: String, _ table: String, _ fallback: String, _ arguments: [any CVarArg]?,
      _ locale: Locale?
    ) -> String {
      let bundle = lhcBundle
      // Not `developmentLocalization`: it crashes for a bundle without Info.plist.
      let region = bundle.object(forInfoDictionaryKey: "CFBundleDevelopmentRegion") as? String
      let development = region ?? lhcDevelopmentLanguage(table)
      let requested = (locale.map { [$0.identifier] } ?? lhcRequestedLanguages()) + [development]
      var text: String?
      var formatting = locale ?? Locale(identifier: development)
      search: for tag in requested {
        for language in lhcLocalizations(matching: tag, in: bundle.localizations) {
          guard let found = lhcTables.table(bundle, table, language) else { continue }
          formatting = locale ?? Locale(identifier: tag)
          let languages = [formatting.identifier, language]
          let plain = found.strings[key]
          text = lhcText(found.rules[key], arguments ?? [], languages, other: plain) ?? plain
          break search
        }
      }
      guard let arguments else { return text ?? fallback }
      return String(format: text ?? fallback, locale: formatting, arguments: arguments)
    }

    /// The languages the environment asks for, in gettext's order: each entry of LANGUAGE (`ru:de`),
    /// then the first of LC_ALL, LC_MESSAGES, LANG that is set; codesets and modifiers (`.UTF-8`,
    /// `@euro`) dropped, `C` and `POSIX` skipped.
    private nonisolated func lhcRequestedLanguages() -> [String] {
      let environment = ProcessInfo.processInfo.environment
      var values: [Substring] = (environment["LANGUAGE"] ?? "").split(separator: ":")
      for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
        guard let value = environment[name], !value.isEmpty else { continue }
        values.append(Substring(value))
        break
      }
      var tags: [String] = []
      for value in values {
        let tag = String(value.prefix { $0 != "." && $0 != "@" })
        if !tag.isEmpty && tag != "C" && tag != "POSIX" { tags.append(tag) }
      }
      return tags
    }

    /// The bundle's localizations for a language tag, best first: the same tag, the tag cut at a
    /// subtag (`zh-Hant-TW`, `zh-Hant`, `zh`), then the others of its language; case, `-` and `_`
    /// ignored.
    private nonisolated func lhcLocalizations(matching tag: String, in localizations: [String])
      -> [String]
    {
      func normalized(_ tag: String) -> String {
        tag.lowercased().replacingOccurrences(of: "_", with: "-")
      }
      var wanted = normalized(tag)
      var result: [String] = []
      while true {
        result += localizations.filter { normalized($0) == wanted }
        guard let cut = wanted.lastIndex(of: "-") else { break }
        wanted = String(wanted[..<cut])
      }
      return result + localizations.sorted().filter { normalized($0).hasPrefix(wanted + "-") }
    }

    /// One language's compiled table: `<language>.lproj/<Table>.strings` and `.stringsdict`.
    private typealias LHCTable = (strings: [String: String], rules: [String: Any])

    /// Tables read once per bundle, table and language, with `PropertyListSerialization`.
    private final class LHCTableCache: @unchecked Sendable {
      private let lock = NSLock()
      nonisolated(unsafe) private var tables: [String: LHCTable?] = [:]

      /// The table, or nil when the bundle has neither file.
      nonisolated func table(_ bundle: Bundle, _ table: String, _ language: String) -> LHCTable? {
        lock.lock()
        defer { lock.unlock() }
        let key = [bundle.bundlePath, table, language].joined(separator: "\u{0}")
        if let cached = tables[key] { return cached }
        let folder = (bundle.resourceURL ?? bundle.bundleURL)
          .appendingPathComponent(language + ".lproj")
        func read(_ type: String) -> Any? {
          let url = folder.appendingPathComponent(table + "." + type)
          guard let data = try? Data(contentsOf: url) else { return nil }
          return try? PropertyListSerialization.propertyList(from: data, format: nil)
        }
        let strings = read("strings")
        let rules = read("stringsdict")
        var found: LHCTable?
        if strings != nil || rules != nil {
          found = (strings as? [String: String] ?? [:], rules as? [String: Any] ?? [:])
        }
        tables[key] = .some(found)
        return found
      }
    }

    private nonisolated let lhcTables = LHCTableCache()

    /// The text of a `.stringsdict` value (a string or a rule dictionary) by Apple's rules, nil when
    /// it has none: the device `other` case (there is no Apple device here: at the top, `other`, the
    /// key's `.strings` value; nested, the case most device classes share), the widest width case
    /// (there is no display width), plural forms for the `arguments` in the first of `languages`
    /// that has rules.
    private nonisolated func lhcText(
      _ value: Any?, _ arguments: [any CVarArg], _ languages: [String], other: String? = nil,
      depth: Int = 0
    ) -> String? {
      if let text = value as? String { return text }
      guard depth < 8, let rule = value as? [String: Any] else { return nil }
      if let devices = rule["NSStringDeviceSpecificRuleType"] as? [String: Any] {
        let chosen = devices["other"] ?? other ?? lhcCommonCase(devices)
        return lhcText(chosen, arguments, languages, depth: depth + 1)
      }
      if let widths = rule["NSStringVariableWidthRuleType"] as? [String: Any] {
        let widest = widths.keys.max { (Int($0) ?? .min) < (Int($1) ?? .min) }
        return lhcText(widest.flatMap { widths[$0] }, arguments, languages, depth: depth + 1)
      }
      guard let format = rule["NSStringLocalizedFormatKey"] as? String else { return nil }
      return lhcExpand(format, rule, arguments, languages, depth)
    }

    /// The case most device classes share, the first by name on a tie: a compiled device rule
    /// inside a width variation spells the catalog's `other` out as every Apple device class the
    /// catalog does not name.
    private nonisolated func lhcCommonCase(_ devices: [String: Any]) -> Any? {
      func same(_ one: Any?, _ two: Any?) -> Bool {
        if let one = one as? String, let two = two as? String { return one == two }
        guard let one = one as? [String: Any], let two = two as? [String: Any] else { return false }
        return one.count == two.count && one.allSatisfy { same($0.value, two[$0.key]) }
      }
      var best: (key: String, count: Int)?
      for key in devices.keys.sorted() {
        let count = devices.values.filter { same($0, devices[key]) }.count
        if count > best?.count ?? 0 { best = (key, count) }
      }
      return best.flatMap { devices[$0.key] }
    }

    /// `format` with each `%#@name@` replaced by the form of variable `name` for the argument it
    /// reads (`%N$#@name@`: argument N, else the next one in order), forms expanded in turn.
    private nonisolated func lhcExpand(
      _ format: String, _ rule: [String: Any], _ arguments: [any CVarArg], _ languages: [String],
      _ depth: Int
    ) -> String {
      var result = ""
      var rest = Substring(format)
      var next = 1
      while let percent = rest.firstIndex(of: "%") {
        result += rest[..<percent]
        var spec = rest[rest.index(after: percent)...]
        let digits = spec.prefix { $0.isASCII && $0.isNumber }
        var position: Int?
        if !digits.isEmpty, spec.dropFirst(digits.count).first == "$" {
          position = Int(digits)
          spec = spec.dropFirst(digits.count + 1)
        }
        let modifiers = spec.prefix { "-+ #0'123456789.*$hlqLztj".contains($0) }
        spec = spec.dropFirst(modifiers.count)
        guard let conversion = spec.first else {
          result += rest[percent...]
          rest = ""
          break
        }
        let after = spec.index(after: spec.startIndex)
        if conversion == "%" {
          result += "%%"
          rest = spec[after...]
          continue
        }
        let argument = position ?? next + modifiers.filter { $0 == "*" }.count
        if position == nil { next = argument + 1 }
        guard conversion == "@", modifiers.contains("#"),
          let close = spec[after...].firstIndex(of: "@")
        else {
          result += rest[percent..<after]
          rest = spec[after...]
          continue
        }
        let forms = rule[String(spec[after..<close])] as? [String: Any] ?? [:]
        let value = arguments.indices.contains(argument - 1) ? arguments[argument - 1] : nil
        let category = lhcCategory(value, forms, languages)
        let form = forms[category] as? String ?? forms["other"] as? String ?? ""
        result += depth < 8 ? lhcExpand(form, rule, arguments, languages, depth + 1) : form
        rest = spec[spec.index(after: close)...]
      }
      return result + rest
    }

    /// The plural category of a number argument: `zero` for 0 when the forms have it (Apple's rule,
    /// in every language), else CLDR's in the first of `languages` with rules; `other` for the rest.
    private nonisolated func lhcCategory(_ value: Any?, _ forms: [String: Any], _ languages: [String])
      -> String
    {
      guard let operands = lhcOperands(value) else { return "other" }
      if operands.i == 0 && operands.v == 0 && forms["zero"] != nil { return "zero" }
      return languages.lazy.compactMap { lhcPluralCategory($0, operands) }.first ?? "other"
    }

    /// The CLDR plural operands `i`, `v`, `f` of a number (TR35): integers as they are, floating-point
    /// values in their shortest decimal form (`1.5`: 1, 1, 5; `2.0` is the integer 2), so `w` is `v`
    /// and `t` is `f`; `e` (compact notation) is 0. Nil for a non-number.
    private nonisolated func lhcOperands(_ value: Any?) -> (i: UInt64, v: UInt64, f: UInt64)? {
      if let integer = value as? any BinaryInteger {
        return (UInt64(truncatingIfNeeded: integer.magnitude), 0, 0)
      }
      guard let number = (value as? Double) ?? (value as? Float).map(Double.init), number.isFinite
      else { return nil }
      let i = UInt64(min(number.magnitude.rounded(.towardZero), 1e18))
      let parts = "\(number.magnitude)".split(separator: ".")
      guard parts.count == 2, parts[1] != "0", let f = UInt64(parts[1].prefix(18)) else {
        return (i, 0, 0)
      }
      return (i, UInt64(min(parts[1].count, 18)), f)
    }
    """#
}
