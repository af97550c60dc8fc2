/// An over-the-air SDK `lhc pack --target` can write a release for (other than LingoHub).
public enum OTATarget: String, CaseIterable, Sendable {
  /// Tolgee Swift SDK: one Apple-format JSON object per language and table (namespace).
  case tolgee
  /// ReRune iOS 1.x: `manifest.json` plus one record array per locale.
  case rerune
  /// better-i18n Swift SDK: `manifest.json` plus nested `<locale>/translations.json`.
  case betterI18n = "better-i18n"
}

/// One file of a payload.
public struct PayloadFile: Sendable, Equatable {
  /// The path relative to the output root, `/`-separated.
  public var path: String
  /// The file's bytes (UTF-8 JSON ending with a newline).
  public var bytes: [UInt8]

  /// A file at `path` holding `bytes`.
  public init(path: String, bytes: [UInt8]) {
    self.path = path
    self.bytes = bytes
  }
}

/// A key left out of a payload because the target cannot represent it.
public struct SkippedEntry: Sendable, Equatable {
  /// The table's language tag, as in the table.
  public var language: String
  /// The table name.
  public var table: String
  /// The key.
  public var key: String
  /// Why the target cannot hold the key, in lower case (`device variations are not supported`).
  public var reason: String

  /// A skipped key.
  public init(language: String, table: String, key: String, reason: String) {
    self.language = language
    self.table = table
    self.key = key
    self.reason = reason
  }
}

/// Release settings from the command line.
public struct PayloadOptions: Sendable {
  /// `--base-url`: the absolute `http(s)` URL the payload's root is served from (ReRune locale
  /// `url`s, better-i18n `files`).
  public var baseURL: String?
  /// `--release-version N`: ReRune's integer release version.
  public var releaseVersion: Int?
  /// The catalogs' development language (ReRune `main_language`, better-i18n `sourceLanguage`).
  public var sourceLanguage: String?

  /// Options; every setting is optional here and checked by the target that needs it.
  public init(baseURL: String? = nil, releaseVersion: Int? = nil, sourceLanguage: String? = nil) {
    self.baseURL = baseURL
    self.releaseVersion = releaseVersion
    self.sourceLanguage = sourceLanguage
  }
}

/// The files of one release for one target, and what was left out.
public struct Payload: Sendable {
  /// The files, sorted by path in ``KeyOrder``.
  public var files: [PayloadFile]
  /// The keys the target cannot represent, sorted by language, table and key.
  public var skipped: [SkippedEntry]

  /// A payload.
  public init(files: [PayloadFile], skipped: [SkippedEntry]) {
    self.files = files
    self.skipped = skipped
  }
}

/// A release that cannot be built at all (as opposed to single keys, which are skipped).
public struct PayloadError: Error, CustomStringConvertible, Equatable {
  /// What went wrong, in lower case, quoting the offending value.
  public var message: String

  /// An error with `message`.
  public init(_ message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
