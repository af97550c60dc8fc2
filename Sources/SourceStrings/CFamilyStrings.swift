import CFamilySource
import LHCBase

/// The strings Xcode's build extracts from Objective-C, Objective-C++, C and C++ sources: the
/// calls of the localization routines, read as `genstrings -s ROUTINE` reads them. For each base
/// name — `NSLocalizedString` and `CFCopyLocalizedString`, always, and those the target's
/// `LOCALIZED_STRING_MACRO_NAMES` adds — four routines and their arguments:
///
/// - `B(key, comment)`
/// - `BFromTable(key, table, comment)`
/// - `BFromTableInBundle(key, table, bundle, comment)`
/// - `BWithDefaultValue(key, table, bundle, value, comment)`
///
/// A key is a string literal (`@"…"`, `"…"`, `CFSTR("…")`, adjacent literals concatenated), kept
/// as written (its format specifiers are the code's own). A table that is a literal names the
/// table (`nil` or `NULL`: `Localizable`); any other table, or a key that is not a literal, is a
/// lookup Xcode does not extract. Calls in a `#define` body count (the body is code), calls in
/// `#if 0` code do not, nor calls in comments unless the target sets
/// `LOCALIZED_STRING_CODE_COMMENTS` (``CommentCode``). No macro is expanded: a wrapper the project defines is
/// extracted only when `LOCALIZED_STRING_MACRO_NAMES` names it.
public enum CFamilyStrings {
  /// What each argument of a routine is.
  enum Role { case key, table, bundle, value, comment }

  /// The routines of the base names and their arguments' roles.
  static func routines(_ bases: [String]) -> [String: [Role]] {
    var result: [String: [Role]] = [:]
    for base in ["NSLocalizedString", "CFCopyLocalizedString"] + bases {
      result[base] = [.key, .comment]
      result[base + "FromTable"] = [.key, .table, .comment]
      result[base + "FromTableInBundle"] = [.key, .table, .bundle, .comment]
      result[base + "WithDefaultValue"] = [.key, .table, .bundle, .value, .comment]
    }
    return result
  }

  /// The strings of a C-family file's bytes, with `macroNames` (`LOCALIZED_STRING_MACRO_NAMES`)
  /// as more base names; the file's literals for the sync's safety net too. With `codeComments`
  /// (`LOCALIZED_STRING_CODE_COMMENTS`), the calls written in comments are strings too.
  public static func extract(_ bytes: [UInt8], macroNames: [String], codeComments: Bool = false)
    -> FileStrings
  {
    let stream = CFamilyLexer.tokenize(bytes, recordingComments: codeComments)
    let routines = Self.routines(macroNames)
    var strings: [LocalizableString] = []
    var lookups: [LocalizableString] = []
    let tokens = stream.tokens
    var index = 0
    while index + 1 < tokens.count {
      defer { index += 1 }
      let token = tokens[index]
      guard token.kind == .identifier, !token.flags.contains(.isInactive),
        tokens[index + 1].punctuator == .leftParen
      else { continue }
      let name = String(decoding: CFamilyLexer.spelling(of: token, in: bytes), as: UTF8.self)
      guard let roles = routines[name] else { continue }
      let arguments = Self.arguments(tokens, from: index + 1)
      guard arguments.count == roles.count else { continue }
      var call = (key: Argument?.none, table: "Localizable", tableIsLiteral: true)
      var value: String?
      var comment: String?
      for (role, argument) in zip(roles, arguments) {
        switch role {
        case .key: call.key = argument
        case .table:
          if let text = literal(argument, stream) {
            call.table = text.isEmpty ? "Localizable" : text
          } else if !isNil(argument, bytes, stream) {
            call.tableIsLiteral = false
          }
        case .value: value = literal(argument, stream)
        case .comment: comment = literal(argument, stream).flatMap { $0.isEmpty ? nil : $0 }
        case .bundle: break
        }
      }
      guard let keyArgument = call.key else { continue }
      guard call.tableIsLiteral, let key = literal(keyArgument, stream) else {
        lookups.append(
          LocalizableString(
            table: call.tableIsLiteral ? call.table : "", key: "", offset: keyArgument.start,
            api: name, path: .bundle, keyForm: .pattern(["", ""])))
        continue
      }
      // An empty default value, or the key itself, is none (as for Swift's NSLocalizedString).
      let defaultValue = value == "" || value == key ? nil : value
      strings.append(
        LocalizableString(
          table: call.table, key: key, value: defaultValue, comment: comment,
          offset: keyArgument.start, api: name, path: .bundle))
    }
    if !stream.comments.isEmpty {
      strings +=
        extract(
          CommentCode.bytes(bytes, comments: stream.comments), macroNames: macroNames
        ).strings
    }
    let literals = CFamilyLiterals.literals(of: stream)
    return FileStrings(strings: strings, lookups: lookups, diagnostics: [], literals: literals)
  }

  /// One argument of a call: its tokens (indices into the stream) and where it starts.
  private struct Argument {
    var tokens: Range<Int>
    var start: Int
  }

  /// The arguments of the call whose `(` is at `open`: the tokens between its top-level commas.
  private static func arguments(_ tokens: [CFamilyToken], from open: Int) -> [Argument] {
    var result: [Argument] = []
    var depth = 0
    var start = open + 1
    var index = open
    while index < tokens.count, tokens[index].kind != .end {
      switch tokens[index].punctuator {
      case .leftParen?, .leftBracket?, .leftBrace?:
        depth += 1
      case .rightParen?, .rightBracket?, .rightBrace?:
        depth -= 1
        if depth == 0 {
          if index > start || !result.isEmpty {
            result.append(Argument(tokens: start..<index, start: Int(tokens[start].start)))
          }
          return result
        }
      case .comma? where depth == 1:
        result.append(Argument(tokens: start..<index, start: Int(tokens[start].start)))
        start = index + 1
      default:
        break
      }
      index += 1
    }
    return []
  }

  /// The text of an argument that is one string literal (`@"…"`, `"…"`), or one wrapped in
  /// `CFSTR(…)` or parentheses; nil otherwise.
  private static func literal(_ argument: Argument, _ stream: CFamilyTokenStream) -> String? {
    let tokens = stream.tokens[argument.tokens].filter { $0.punctuator != .leftParen }
      .filter { $0.punctuator != .rightParen }
    let strings = tokens.filter { $0.kind == .string }
    guard strings.count == 1, let literal = stream.literal(of: strings[0]), !literal.isMalformed
    else { return nil }
    // Only the literal, or `CFSTR` and the literal.
    guard tokens.count == 1 || tokens.count == 2 && tokens[0].kind == .identifier else {
      return nil
    }
    return literal.value
  }

  /// `nil`, `NULL`, `Nil` or `0`: no table.
  private static func isNil(_ argument: Argument, _ bytes: [UInt8], _ stream: CFamilyTokenStream)
    -> Bool
  {
    let tokens = stream.tokens[argument.tokens]
    guard tokens.count == 1, let token = tokens.first else { return false }
    let text = String(decoding: CFamilyLexer.spelling(of: token, in: bytes), as: UTF8.self)
    return ["nil", "NULL", "Nil", "0", "nullptr"].contains(text)
  }
}
