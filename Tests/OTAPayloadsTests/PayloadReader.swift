import Foundation

/// What a test-side reader recovered from a payload: per language, per table (`*` where the
/// target has one key space), per key, the text or plural forms, plus every rule of the format
/// reference (`/work/shared/docs/ota-sdk-formats.md`) the files break.
///
/// The readers see only the bytes, parse them with Foundation's `JSONSerialization` and know
/// nothing of the writers' code.
struct ReadPayload {
  /// A key's content: texts in the comparison form the reader produces.
  enum Content: Equatable, CustomStringConvertible {
    case text(String)
    case plural([String: String])

    var description: String {
      switch self {
      case .text(let text): "text(\(text.debugDescription))"
      case .plural(let forms): "plural(\(forms.sorted { $0.key < $1.key }))"
      }
    }
  }

  /// Language → table → key → content.
  var content: [String: [String: [String: Content]]] = [:]
  /// Broken rules, one line each.
  var issues: [String] = []

  /// Records a broken rule at `place`.
  mutating func fail(_ place: String, _ message: String) {
    issues.append("\(place): \(message)")
  }

  /// Records a key; a key read twice is an issue.
  mutating func add(_ content: Content, language: String, table: String, key: String) {
    if self.content[language, default: [:]][table, default: [:]][key] != nil {
      fail("\(language)/\(table)", "key \(key.debugDescription) appears twice")
    }
    self.content[language, default: [:]][table, default: [:]][key] = content
  }
}

/// JSON parsing and type checks shared by the readers.
enum JSONRead {
  /// The parsed JSON of `bytes`; nil (with an issue) when they are not UTF-8 JSON ending with a
  /// newline.
  static func parse(_ bytes: [UInt8], path: String, into read: inout ReadPayload) -> Any? {
    guard bytes.last == UInt8(ascii: "\n") else {
      read.fail(path, "does not end with a newline")
      return nil
    }
    guard String(bytes: bytes, encoding: .utf8) != nil else {
      read.fail(path, "is not UTF-8")
      return nil
    }
    do {
      return try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
    } catch {
      read.fail(path, "is not JSON: \(error)")
      return nil
    }
  }

  /// A JSON integer (not a Boolean, not a number written with a fraction or exponent), if
  /// `value` is one.
  static func integer(_ value: Any?) -> Int? {
    guard let number = value as? NSNumber, !["c", "d", "f"].contains(objCType(number)) else {
      return nil
    }
    return number.intValue
  }

  /// True for a JSON Boolean (Foundation gives those the Objective-C type `c`).
  static func isBoolean(_ value: Any?) -> Bool {
    guard let number = value as? NSNumber else { return false }
    return objCType(number) == "c"
  }

  private static func objCType(_ number: NSNumber) -> String {
    String(cString: number.objCType)
  }

  /// The CLDR plural categories.
  static let categories: Set<String> = ["zero", "one", "two", "few", "many", "other"]
}
