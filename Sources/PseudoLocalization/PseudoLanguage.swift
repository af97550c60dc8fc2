import LHCBase

/// How a pseudo language is derived from the source language's text.
public enum PseudoMode: String, CaseIterable, Sendable {
  /// Letters mapped to accented look-alikes, the text bracketed `[…]` and padded with words
  /// (Android's `en-XA`).
  case accented
  /// Every word wrapped in RLM + RLO … PDF + RLM: the source characters laid out right to left
  /// (Android's `ar-XB`).
  case bidi
}

/// A pseudo language to compile: its tag (the `.lproj` folder name) and its mode.
public struct PseudoLanguage: Sendable, Equatable {
  public var tag: String
  public var mode: PseudoMode

  public init(tag: String, mode: PseudoMode) {
    self.tag = tag
    self.mode = mode
  }

  /// The names `--pseudo` knows without a mode: Android's pseudo-locales.
  public static let standard: [PseudoLanguage] = [
    PseudoLanguage(tag: "en-XA", mode: .accented), PseudoLanguage(tag: "ar-XB", mode: .bidi),
  ]

  /// Parses `--pseudo` values: comma-separated items, each `NAME=MODE` or one of the standard
  /// names (`en-XA`, `ar-XB`) alone. Names keep their spelling; two names that differ only in
  /// case or in `-` against `_` are the same language and an error.
  public static func list(parsing values: [String]) throws(PseudoLanguageError)
    -> [PseudoLanguage]
  {
    var result: [PseudoLanguage] = []
    for value in values {
      for item in value.split(separator: ",", omittingEmptySubsequences: false) {
        let language = try parse(String(item), in: value)
        if result.contains(where: { $0.matches(language.tag) }) {
          throw PseudoLanguageError("pseudo language '\(language.tag)' is given twice")
        }
        result.append(language)
      }
    }
    return result
  }

  /// One `NAME` or `NAME=MODE` item of the `--pseudo` value `value`.
  private static func parse(_ item: String, in value: String) throws(PseudoLanguageError)
    -> PseudoLanguage
  {
    let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
    let tag = String(parts[0])
    guard !tag.isEmpty else { throw PseudoLanguageError("empty name in --pseudo '\(value)'") }
    // The name becomes a folder name: the shared allow-list for tags used as path components.
    if let reason = LanguageTag.pathComponentError(tag) {
      throw PseudoLanguageError("invalid pseudo language name: \(reason)")
    }
    guard parts.count == 2 else {
      guard let known = standard.first(where: { $0.tag == tag }) else {
        throw PseudoLanguageError(
          "pseudo language '\(tag)' needs a mode: \(tag)=accented or \(tag)=bidi")
      }
      return known
    }
    guard let mode = PseudoMode(rawValue: String(parts[1])) else {
      throw PseudoLanguageError(
        "unknown pseudo-localization mode '\(parts[1])' for '\(tag)' (expected accented or bidi)")
    }
    return PseudoLanguage(tag: tag, mode: mode)
  }

  /// True when `language` names this pseudo language: the same tag, ignoring ASCII case and
  /// `-` against `_` (folders that differ only so collide on a case-insensitive file system, and
  /// name the same locale).
  public func matches(_ language: String) -> Bool {
    Self.folded(language) == Self.folded(tag)
  }

  private static func folded(_ tag: String) -> String {
    String(tag.lowercased().map { $0 == "_" ? "-" : $0 })
  }
}

/// A `--pseudo` value that cannot be used; the command line reports it as a usage error.
public struct PseudoLanguageError: Error, Equatable, Sendable {
  public var message: String

  public init(_ message: String) {
    self.message = message
  }
}
