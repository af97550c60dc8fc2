import Foundation
import OTAPayloads

/// Reads a Tolgee payload as the Swift SDK does (reference §4): `<language>.json` is the default
/// table (reported as `Localizable`), `<namespace>/<language>.json` the table of that name; each
/// file a flat object of strings or `{"variations":{"plural":{category: string}}}`.
enum TolgeeReader {
  /// Every file's content; texts and forms verbatim (Apple format).
  static func read(_ files: [PayloadFile]) -> ReadPayload {
    var read = ReadPayload()
    for file in files {
      let segments = file.path.split(separator: "/", omittingEmptySubsequences: false)
      guard (1...2).contains(segments.count), let name = segments.last, name.hasSuffix(".json")
      else {
        read.fail(file.path, "is not <language>.json or <namespace>/<language>.json")
        continue
      }
      let language = String(name.dropLast(5))
      if !LanguageTags.isCapitalised(language) {
        read.fail(file.path, "language '\(language)' is not a capitalised BCP 47 tag")
      }
      let table = segments.count == 2 ? String(segments[0]) : "Localizable"
      guard let root = JSONRead.parse(file.bytes, path: file.path, into: &read) else { continue }
      guard let object = root as? [String: Any] else {
        read.fail(file.path, "root is not an object")
        continue
      }
      for (key, value) in object {
        if let content = content(value, place: "\(file.path) \(key)", into: &read) {
          read.add(content, language: language, table: table, key: key)
        }
      }
    }
    return read
  }

  /// A string, or a plural object with CLDR categories (including `other`) and string forms.
  private static func content(_ value: Any, place: String, into read: inout ReadPayload)
    -> ReadPayload.Content?
  {
    if let text = value as? String { return .text(text) }
    guard let object = value as? [String: Any], object.count == 1,
      let variations = object["variations"] as? [String: Any], variations.count == 1,
      let plural = variations["plural"] as? [String: Any]
    else {
      read.fail(place, "is neither a string nor {\"variations\":{\"plural\":{…}}}")
      return nil
    }
    var forms: [String: String] = [:]
    for (category, form) in plural {
      guard JSONRead.categories.contains(category), let form = form as? String else {
        read.fail(place, "plural member '\(category)' is not a CLDR category with a string")
        continue
      }
      forms[category] = form
    }
    if forms["other"] == nil { read.fail(place, "plural has no 'other' form") }
    return .plural(forms)
  }
}

/// Language-tag spellings the references require.
enum LanguageTags {
  /// `language[-Script][-REGION]…` with a lower-case language, a capitalised 4-letter script and
  /// an upper-case 2-letter region (`pt-BR`, `zh-Hans`, `es-419`).
  static func isCapitalised(_ tag: String) -> Bool {
    let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
    guard let language = subtags.first, !language.isEmpty,
      language.allSatisfy({ $0.isASCII && $0.isLowercase })
    else { return false }
    return subtags.dropFirst().allSatisfy { subtag in
      switch subtag.count {
      case 2: subtag.allSatisfy { $0.isASCII && $0.isUppercase }
      case 4: subtag.first?.isUppercase == true && subtag.dropFirst().allSatisfy(\.isLowercase)
      default: !subtag.isEmpty
      }
    }
  }

  /// ReRune's `language[-Script][-REGION]`: 2–3 letters, 4 letters, 2 letters or 3 digits.
  static func isReRuneLocale(_ tag: String) -> Bool {
    tag.wholeMatch(of: /[a-z]{2,3}(-[A-Z][a-z]{3})?(-([A-Z]{2}|[0-9]{3}))?/) != nil
  }
}
