import LHCBase
import StringTables

/// ReRune iOS 1.x files: `manifest.json` plus one record array per locale, `<locale>.json`.
///
/// Manifest: integer `version` = `--release-version`, `main_language` = the source language,
/// `locales[locale]` = `{ minimum_delta_base_version, url, version }` with both versions equal to
/// `--release-version`, so the SDK always requests full files and a static host that ignores
/// query parameters is correct. `url` is `--base-url` (`https` only) + `/<locale>.json`. Locales are
/// `language[-Script][-REGION]` (`_` made `-`); anything else is an error.
///
/// Records: `{ key, placeholders?, values: [{ lang, value | message }] }`. Tables share one key
/// space (the SDK overrides keys, not tables). Format arguments become `{{name}}` tokens named
/// `argN` (or the plural's substitution name), declared in argument order (`%2$@ %1$lld` →
/// `{{arg2}} {{arg1}}` with `arg1: int`, `arg2: string`): the SDK passes declared placeholders
/// to the native format in declaration order, the plural value first. So an argument may not be
/// left unused before a used one, and a plural must select on argument 1. A plural on one
/// variable becomes a structured message of one variant (`offset` 0) whose forms hold the whole
/// text, so no fixture-less mix of `text` and `variant` parts is needed.
enum ReRunePayload {
  /// The manifest and one file per locale.
  static func build(_ tables: [StringTable], options: PayloadOptions) throws(PayloadError)
    -> Payload
  {
    let settings = try Settings(options)
    var skipped: [SkippedEntry] = []
    var files: [PayloadFile] = []
    var locales: [(String, JSONValue)] = []
    for (language, group) in PayloadParts.byLanguage(tables) {
      let locale = try localeKey(language)
      let records = PayloadParts.mergedMessages(group, target: "ReRune", skipped: &skipped)
        .compactMap { key, table, message in
          do throws(Unrepresentable) {
            return try record(key: key, message: message, locale: locale)
          } catch {
            skipped.append(
              SkippedEntry(language: language, table: table, key: key, reason: error.reason))
            return nil
          }
        }
      files.append(PayloadParts.file(locale + ".json", .array(records)))
      locales.append((locale, settings.localeEntry(locale)))
    }
    guard locales.contains(where: { $0.0 == settings.mainLanguage }) else {
      throw PayloadError(
        "source language '\(settings.mainLanguage)' has no table; ReRune's main_language must be a locale"
      )
    }
    files.append(PayloadParts.file("manifest.json", settings.manifest(locales: locales)))
    return Payload(files: files, skipped: skipped)
  }

  /// A locale key, or an error for a tag ReRune rejects.
  private static func localeKey(_ language: String) throws(PayloadError) -> String {
    let locale = LocaleTag.canonical(language)
    guard LocaleTag.isLanguageScriptRegion(locale) else {
      throw PayloadError(
        "language '\(language)' is not a ReRune locale (language[-Script][-REGION])")
    }
    return locale
  }

  /// The command-line settings ReRune requires.
  private struct Settings {
    var version: Int
    var baseURL: String
    var mainLanguage: String

    init(_ options: PayloadOptions) throws(PayloadError) {
      guard let version = options.releaseVersion else {
        throw PayloadError("the rerune target needs --release-version")
      }
      guard version >= 0 else {
        throw PayloadError("release version \(version) is negative")
      }
      guard let baseURL = options.baseURL else {
        throw PayloadError("the rerune target needs --base-url (locale urls are absolute)")
      }
      guard let source = options.sourceLanguage else {
        throw PayloadError("the rerune target needs the source language (main_language)")
      }
      self.version = version
      // The SDK's manifest rules: locale `url`s are absolute `https`.
      self.baseURL = try LocaleTag.baseURL(baseURL, httpsOnly: true)
      self.mainLanguage = try ReRunePayload.localeKey(source)
    }

    /// `{ minimum_delta_base_version, url, version }`.
    func localeEntry(_ locale: String) -> JSONValue {
      .object([
        ("minimum_delta_base_version", .integer(version)),
        ("url", .string(baseURL + "/" + locale + ".json")),
        ("version", .integer(version)),
      ])
    }

    /// `{ locales, main_language, version }`.
    func manifest(locales: [(String, JSONValue)]) -> JSONValue {
      .object([
        ("locales", PayloadParts.object(locales)),
        ("main_language", .string(mainLanguage)),
        ("version", .integer(version)),
      ])
    }
  }

  // MARK: Records

  /// A key's `value` or `message` member with the types and names of its placeholders.
  private struct Rendered {
    var member: (String, JSONValue)
    var types: [Int: PlaceholderType]
    var names: [Int: String]
  }

  /// The record of one key.
  static func record(key: String, message: OTAMessage, locale: String) throws(Unrepresentable)
    -> JSONValue
  {
    let rendered = try render(message)
    try checkDeclarationOrder(rendered.types)
    let placeholders: [JSONValue] = rendered.types.keys.sorted().map { position in
      .object([
        ("name", .string(rendered.names[position] ?? "")),
        ("type", .string(rendered.types[position]?.rawValue ?? "")),
      ])
    }
    let entry = PayloadParts.object([("lang", .string(locale)), rendered.member])
    var members: [(String, JSONValue)] = [("key", .string(key)), ("values", .array([entry]))]
    if !placeholders.isEmpty { members.append(("placeholders", .array(placeholders))) }
    return PayloadParts.object(members)
  }

  /// A plain `value`, or a structured `message` for a plural.
  private static func render(_ message: OTAMessage) throws(Unrepresentable) -> Rendered {
    switch message {
    case .text(let text):
      let template = try Template(text)
      let names = template.argumentNames
      return Rendered(
        member: ("value", .string(try render(template, names))), types: template.types,
        names: names)
    case .plural(let plural):
      let (templates, types) = try pluralTemplates(plural)
      let names = PlaceholderNames.names(for: types.keys, variable: (plural.variable, 1))
      let message = try variantMessage(templates, names: names)
      return Rendered(member: ("message", message), types: types, names: names)
    }
  }

  /// The template of each form and the types of all arguments; the plural must select on an
  /// integer argument 1 and have CLDR categories including `other`.
  private static func pluralTemplates(_ plural: PluralMessage) throws(Unrepresentable) -> (
    [(category: String, template: Template)], [Int: PlaceholderType]
  ) {
    guard plural.position == 1 else {
      throw Unrepresentable(
        "plural selects on argument \(plural.position); ReRune passes the plural value as argument 1"
      )
    }
    guard plural.forms.contains(where: { $0.category == "other" }) else {
      throw Unrepresentable("plural has no 'other' form")
    }
    var types: [Int: PlaceholderType] = [:]
    try PlaceholderType(valueType: plural.valueType ?? "lld").record(at: 1, in: &types)
    guard types[1] == .int else { throw Unrepresentable("the plural value is not an integer") }
    var templates: [(category: String, template: Template)] = []
    for form in plural.forms {
      guard PluralMessage.categories.contains(form.category) else {
        throw Unrepresentable("plural category '\(form.category)' is not a CLDR category")
      }
      let template = try Template(form.text)
      for (position, type) in template.types { try type.record(at: position, in: &types) }
      templates.append((form.category, template))
    }
    return (templates, types)
  }

  /// `{ parts: [{ variant: { forms: [{ parts: [{ text }], selector }], offset: 0, variable } }] }`.
  private static func variantMessage(
    _ templates: [(category: String, template: Template)], names: [Int: String]
  ) throws(Unrepresentable) -> JSONValue {
    var forms: [JSONValue] = []
    for (category, template) in templates {
      let parts = JSONValue.array([.object([("text", .string(try render(template, names)))])])
      forms.append(.object([("parts", parts), ("selector", .string(category))]))
    }
    let variant = JSONValue.object([
      ("forms", .array(forms)), ("offset", .integer(0)), ("variable", .string(names[1] ?? "")),
    ])
    return .object([("parts", .array([.object([("variant", variant)])]))])
  }

  /// The text with `{{name}}` tokens; literal `{{` or `}}` cannot be escaped.
  private static func render(_ template: Template, _ names: [Int: String]) throws(Unrepresentable)
    -> String
  {
    let literal = template.literalText
    if literal.contains("{{") || literal.contains("}}") {
      throw Unrepresentable("text contains '{{' or '}}', which ReRune cannot escape")
    }
    return template.rendered(names: names, open: "{{", close: "}}")
  }

  /// Fails when declarations in argument order would not match the native arguments: every
  /// argument from 1 to the last one used must be used.
  private static func checkDeclarationOrder(_ types: [Int: PlaceholderType])
    throws(Unrepresentable)
  {
    guard let last = types.keys.max() else { return }
    if let missing = (1...last).first(where: { types[$0] == nil }) {
      throw Unrepresentable(
        "argument \(missing) is unused, so placeholder declarations cannot follow argument order")
    }
  }
}
