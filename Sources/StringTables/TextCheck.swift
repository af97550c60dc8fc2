import LHCBase

/// Checks of single texts: format specifiers Xcode rejects, characters property lists cannot hold.
enum TextCheck {
  /// Errors for specifiers Xcode cannot type, and for stray `%` in a string that will be formatted.
  ///
  /// A string without any argument is never formatted by `String(localized:)`, so a lone `%` in it
  /// (`100%`) is left alone; once a string has arguments, a `%` that starts no valid specifier
  /// is an error. `%n` and a `-` flag without a field width (`50%-ig` reads as `%-i`) have no Swift
  /// type: Xcode reports "Unable to create a Swift type from the format specifier".
  static func formatDiagnostics(
    _ format: FormatString, offset: Int, language: String, key: String
  ) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    var formatted = false
    var invalid: [String] = []
    for token in format.tokens {
      switch token {
      case .specifier(let specifier):
        formatted = true
        if specifier.conversion == "n" || (specifier.flags.contains("-") && specifier.width == nil) {
          diagnostics.append(
            .error(
              "Unable to create a Swift type from the format specifier \"\(specifier.text)\"",
              offset: offset, language: language, key: key))
        }
      case .substitution, .argPlaceholder:
        formatted = true
      case .invalid(let text):
        invalid.append(text)
      case .literal, .percent:
        break
      }
    }
    if formatted {
      for text in invalid {
        diagnostics.append(
          .error(
            "Invalid format specifier \"\(text)\"; write \"%%\" for a literal percent sign",
            offset: offset, language: language, key: key))
      }
    }
    return diagnostics
  }

  /// Diagnostics for control characters in a value: NUL is an error (no property list can hold it),
  /// other C0 controls except tab, LF and CR are written raw, as Apple's writer does, with a warning.
  static func controlCharacterDiagnostics(
    _ text: String, what: String, offset: Int, language: String?, key: String
  ) -> [Diagnostic] {
    guard let byte = text.utf8.first(where: { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D })
    else { return [] }
    if text.utf8.contains(0) {
      return [
        .error(
          "\(what) contains a NUL character (U+0000), which property lists cannot hold",
          offset: offset, language: language, key: key)
      ]
    }
    let code = String(byte, radix: 16, uppercase: true)
    let scalar = String(repeating: "0", count: 4 - code.count) + code
    return [
      .warning(
        "\(what) contains the control character U+\(scalar); it is written raw as Xcode writes it, which Apple's runtime reads but strict XML parsers reject",
        offset: offset, language: language, key: key)
    ]
  }

  /// Diagnostics for a catalog key.
  static func diagnostics(forKey key: String, offset: Int) -> [Diagnostic] {
    controlCharacterDiagnostics(key, what: "key", offset: offset, language: nil, key: key)
  }
}
