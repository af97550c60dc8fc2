/// Language tags where they become file and folder names (`<tag>.lproj`, a payload's
/// `<tag>.json`): the one check every writer applies before a tag from a catalog reaches a path.
///
/// A tag is a path component only when it is one or more runs of ASCII letters and digits joined
/// by single `-` or `_` (`en`, `zh-Hant-TW`, `es-419`, `pt_BR`), at most 64 characters. Anything
/// else (`..`, `/tmp/abs`, control characters, NUL, a 10,000-character tag) is no language but a
/// path, and would let a catalog received from outside write beyond the output directory. This is
/// a deliberate exception to accepting every catalog Xcode builds (see `man/lhc-compile.1`).
public enum LanguageTag {
  /// The longest tag accepted as a path component, in characters.
  public static let maximumPathComponentLength = 64

  /// Why `tag` cannot be a file or folder name, as a complete message
  /// (`language tag '../x' is not a safe file name: '.' is not an ASCII letter, digit, '-' or
  /// '_'`), or nil when it can. The tag is shown through ``displayed(_:)``.
  public static func pathComponentError(_ tag: String) -> String? {
    let scalars = tag.unicodeScalars
    let reason: String
    if scalars.isEmpty {
      reason = "it is empty"
    } else if scalars.count > maximumPathComponentLength {
      reason = "it has \(scalars.count) characters, more than \(maximumPathComponentLength)"
    } else if let bad = scalars.first(where: { !isAlphanumeric($0) && !isSeparator($0) }) {
      reason = "'\(displayed(String(bad)))' is not an ASCII letter, digit, '-' or '_'"
    } else if isSeparator(scalars.first!) || isSeparator(scalars.last!)
      || zip(scalars, scalars.dropFirst()).contains(where: { isSeparator($0) && isSeparator($1) })
    {
      reason = "'-' and '_' must each join two runs of letters or digits"
    } else {
      return nil
    }
    return "language tag '\(displayed(tag))' is not a safe file name: \(reason)"
  }

  /// `tag` as a message can quote it: characters other than printable ASCII as `\u{…}` (a
  /// terminal then shows no control sequence, no invisible or right-to-left character), `\` as
  /// `\\`, and only the first 64 characters, followed by `…`, of a longer tag.
  public static func displayed(_ tag: String) -> String {
    var result = ""
    for (index, scalar) in tag.unicodeScalars.enumerated() {
      if index == maximumPathComponentLength { return result + "…" }
      switch scalar.value {
      case 0x5C: result += "\\\\"
      case 0x20...0x7E: result.unicodeScalars.append(scalar)
      default: result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      }
    }
    return result
  }

  private static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
    default: false
    }
  }

  private static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "-" || scalar == "_"
  }
}
