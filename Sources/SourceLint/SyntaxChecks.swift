import SwiftSource

/// The checks that read the code's syntax: `source-concatenation`, `source-left-right` and
/// (with what other files call, see ``DateFormatSite``) `source-fixed-date-format`.
struct SyntaxChecks: CodeVisitor {
  /// A finding of one file: check, byte offset, message and key.
  struct Found: Hashable {
    var check: String
    var offset: Int
    var message: String
    var key: String?
  }

  /// A lookup whose value is text: its key (nil when not a literal), its API, and whether the
  /// key has words (a lookup of `" "` or `", "` is punctuation).
  typealias TextLookup = (key: String?, api: String, hasWords: Bool)

  /// The lookups whose value is text (`NSLocalizedString`, `String(localized:)`, `Text`, …),
  /// by the offset of their key argument.
  let textLookups: [Int: TextLookup]
  var found: [Found] = []
  var dateSites: [DateFormatSite] = []
  /// `x.string(from:)` receivers, as written (`self.` left out), by the body they are in.
  var shownFormatters: [Int: Set<String>] = [:]
  /// The body each body is in (the file is 0).
  var parents: [Int: Int] = [:]
  /// `x.locale = …` by body and receiver: a fixed locale (`Locale(identifier: "…")`) or one that
  /// cannot be told (a variable) is true, the user's (`.current`) false.
  var locales: [Int: [String: Bool]] = [:]
  var declared: [Int: Set<String>] = [:]

  init(textLookups: [Int: TextLookup]) {
    self.textLookups = textLookups
  }

  mutating func declare(_ names: [String], in scope: WalkScope) {
    declared[scope.body, default: []].formUnion(names)
  }

  mutating func enter(_ body: Int, in scope: WalkScope) {
    parents[body] = scope.body
  }

  /// `body` and the bodies it is in, innermost first.
  func chain(_ body: Int) -> [Int] {
    var result = [body]
    var current = body
    while let parent = parents[current] {
      result.append(parent)
      current = parent
    }
    return result
  }

  /// Whether `body` is `outer` or inside it.
  func isInside(_ body: Int, _ outer: Int) -> Bool {
    outer == 0 || chain(body).contains(outer)
  }

  mutating func visit(_ expression: Expr, in scope: WalkScope) {
    guard !scope.inPreview else { return }
    switch expression {
    case .infix(let operands, let operators):
      checkConcatenation(operands, operators)
      if let assignment = operators.firstIndex(where: { $0.text == "=" }),
        assignment + 1 < operands.count
      {
        assigned(operands[assignment], operands[assignment + 1], scope)
      }
    case .call(let callee, let arguments, _, _):
      checkCall(callee, arguments, scope)
    case .member(_, let name, let offset) where name == "leftAnchor" || name == "rightAnchor",
      .name(let name, let offset) where name == "leftAnchor" || name == "rightAnchor":
      report(
        "source-left-right", offset,
        "\(name) stays on the same side in right-to-left languages: use \(name == "leftAnchor" ? "leadingAnchor" : "trailingAnchor")"
      )
    case .member(.name("NSTextAlignment", _), let name, let offset)
    where name == "left" || name == "right":
      report("source-left-right", offset, Self.alignmentMessage(name))
    case .member(.member(.name("NSLayoutConstraint", _), "Attribute", _), let name, let offset)
    where Self.attributes[name] != nil:
      report("source-left-right", offset, Self.attributeMessage(name))
    case .implicitMember(let name, let offset) where Self.alwaysFixedDirection[name] != nil:
      report("source-left-right", offset, Self.alwaysFixedDirection[name]!)
    default:
      break
    }
  }

  // MARK: - source-concatenation

  /// `lookup + text`, `text + lookup`, `text += lookup`: one finding per expression, at its
  /// first lookup with words (joining punctuation, `Text(" ")`, to other text is not reported).
  private mutating func checkConcatenation(_ operands: [Expr], _ operators: [InfixOperator]) {
    for (index, operand) in operands.enumerated() {
      let joinedBefore = index > 0 && ["+", "+="].contains(operators[index - 1].text)
      let joinedAfter = index < operators.count && operators[index].text == "+"
      guard joinedBefore || joinedAfter, let lookup = textLookup(operand), lookup.hasWords else {
        continue
      }
      reportConcatenation(lookup, "+")
      return
    }
  }

  private mutating func reportConcatenation(
    _ lookup: (offset: Int, key: String?, api: String, hasWords: Bool), _ how: String
  ) {
    report(
      "source-concatenation", lookup.offset,
      "\(lookup.api) joined to other text with \(how): the word order is fixed in code and cannot change per language; make it one key with an interpolation (String(localized: \"Hello, \\(name)\"), Text(\"Hello, \\(name)\"))",
      key: lookup.key)
  }

  /// Methods that keep a lookup's text (`NSLocalizedString(…).uppercased()`).
  private static let textMethods: Set<String> = [
    "uppercased", "lowercased", "capitalized", "localizedUppercase", "localizedLowercase",
    "localizedCapitalized", "trimmingCharacters", "bold", "italic", "foregroundColor", "font",
  ]

  /// The lookup whose text `expression` is.
  private func textLookup(_ expression: Expr) -> (
    offset: Int, key: String?, api: String, hasWords: Bool
  )? {
    switch expression {
    case .tuple(let elements, _) where elements.count == 1 && elements[0].label == nil:
      return textLookup(elements[0].value)
    case .call(.member(let base, let name, _), _, _, _) where Self.textMethods.contains(name):
      return textLookup(base)
    case .member(let base, let name, _) where Self.textMethods.contains(name):
      return textLookup(base)
    case .call(_, let arguments, _, _):
      for argument in arguments {
        let offset = unparenthesized(argument.value).offset
        if let lookup = textLookups[offset] {
          return (offset, lookup.key, lookup.api, lookup.hasWords)
        }
      }
      return nil
    default:
      return nil
    }
  }

  private func unparenthesized(_ expression: Expr) -> Expr {
    if case .tuple(let elements, _) = expression, elements.count == 1, elements[0].label == nil {
      return unparenthesized(elements[0].value)
    }
    return expression
  }

  // MARK: - Calls

  private mutating func checkCall(_ callee: Expr, _ arguments: [Argument], _ scope: WalkScope) {
    if case .member(let base, let name, _) = callee {
      // `lookup.appending(text)`, `text.appending(lookup)`.
      if name == "appending", arguments.count == 1, arguments[0].label == nil,
        let lookup = [textLookup(base), textLookup(arguments[0].value)].compactMap({ $0 })
          .first(where: \.hasWords)
      {
        reportConcatenation(lookup, "appending(_:)")
      }
      if name == "string", arguments.first?.label == "from" {
        shownFormatters[scope.body, default: []].insert(DateFormats.normalized(base.text))
      }
      // `.environment(\.layoutDirection, .rightToLeft)`
      if name == "environment", arguments.count == 2,
        case .keyPath(let components, _) = arguments[0].value, components == ["layoutDirection"],
        let direction = Self.forcedDirection(arguments[1].value)
      {
        report("source-left-right", arguments[1].value.offset, Self.directionMessage(direction))
      }
    }
    for argument in arguments {
      guard let label = argument.label else { continue }
      checkLeftRight(target: label, value: argument.value)
    }
  }

  // MARK: - Assignments

  private mutating func assigned(_ target: Expr, _ value: Expr, _ scope: WalkScope) {
    guard let name = Self.lastName(target) else { return }
    checkLeftRight(target: name, value: value)
    guard case .member(let base, _, _) = target else { return }
    switch name {
    case "dateFormat":
      if case .string(let literal) = value, let format = literal.plainText, !format.isEmpty {
        dateSites.append(
          DateFormatSite(
            offset: literal.offset, format: format, formatter: base.text, scope: scope))
      }
    case "locale":
      var current = false
      switch value {
      case .implicitMember(let member, _), .member(.name("Locale", _), let member, _):
        current = member == "current" || member == "autoupdatingCurrent"
      default:
        break
      }
      locales[scope.body, default: [:]][DateFormats.normalized(base.text)] = !current
    default:
      break
    }
  }

  private static func lastName(_ expression: Expr) -> String? {
    switch expression {
    case .name(let name, _), .member(_, let name, _): name
    default: nil
    }
  }

  // MARK: - source-left-right

  static let alignmentTargets: Set<String> = ["textAlignment", "alignment", "alignmentMode"]
  static let directionTargets: Set<String> = [
    "semanticContentAttribute", "userInterfaceLayoutDirection", "layoutDirection",
  ]
  /// Properties (and arguments) of `UIEdgeInsets` that have a directional counterpart.
  static let insetTargets: [String: String] = [
    "layoutMargins": "directionalLayoutMargins with NSDirectionalEdgeInsets",
    "contentEdgeInsets": "UIButton.Configuration's contentInsets (NSDirectionalEdgeInsets)",
    "titleEdgeInsets": "UIButton.Configuration's titlePadding and contentInsets",
    "imageEdgeInsets": "UIButton.Configuration's imagePadding and imagePlacement (.leading)",
  ]
  static let attributes: [String: String] = [
    "left": "leading", "right": "trailing", "leftMargin": "leadingMargin",
    "rightMargin": "trailingMargin",
  ]
  /// Members that always fix a side or a direction (`NSLayoutConstraint.FormatOptions`,
  /// `UISemanticContentAttribute`), with their message.
  static let alwaysFixedDirection: [String: String] = [
    "alignAllLeft":
      ".alignAllLeft stays on the left in right-to-left languages: use .alignAllLeading",
    "alignAllRight":
      ".alignAllRight stays on the right in right-to-left languages: use .alignAllTrailing",
    "directionLeftToRight":
      ".directionLeftToRight lays the views out left to right in every language: use .directionLeadingToTrailing (the default)",
    "directionRightToLeft":
      ".directionRightToLeft lays the views out right to left in every language: use .directionLeadingToTrailing (the default)",
    "forceLeftToRight": directionMessage("forceLeftToRight"),
    "forceRightToLeft": directionMessage("forceRightToLeft"),
  ]

  private mutating func checkLeftRight(target: String, value: Expr) {
    if Self.alignmentTargets.contains(target), case .implicitMember(let name, let offset) = value,
      name == "left" || name == "right"
    {
      report("source-left-right", offset, Self.alignmentMessage(name))
    }
    if target == "attribute", case .implicitMember(let name, let offset) = value,
      Self.attributes[name] != nil
    {
      report("source-left-right", offset, Self.attributeMessage(name))
    }
    if Self.directionTargets.contains(target), let direction = Self.forcedDirection(value) {
      report("source-left-right", value.offset, Self.directionMessage(direction))
    }
    if let directional = Self.insetTargets[target], let offset = Self.asymmetricInsets(value) {
      report(
        "source-left-right", offset,
        "UIEdgeInsets with different left and right insets for \(target) stay on the same sides in right-to-left languages: use \(directional)"
      )
    }
  }

  /// `.leftToRight`, `.rightToLeft`, `.forceLeftToRight`, `.forceRightToLeft`.
  private static func forcedDirection(_ value: Expr) -> String? {
    let name: String
    switch value {
    case .implicitMember(let member, _), .member(_, let member, _): name = member
    default: return nil
    }
    return ["leftToRight", "rightToLeft", "forceLeftToRight", "forceRightToLeft"].contains(name)
      ? name : nil
  }

  /// The offset of `UIEdgeInsets(top:left:bottom:right:)` (or `NSEdgeInsets`,
  /// `UIEdgeInsetsMake`) whose left and right are number literals of different values.
  private static func asymmetricInsets(_ value: Expr) -> Int? {
    guard case .call(let callee, let arguments, _, let offset) = value else { return nil }
    let name = callee.text
    let left: Expr
    let right: Expr
    if ["UIEdgeInsets", "NSEdgeInsets", ".init"].contains(name), arguments.count == 4,
      arguments[1].label == "left", arguments[3].label == "right"
    {
      (left, right) = (arguments[1].value, arguments[3].value)
    } else if ["UIEdgeInsetsMake", "NSEdgeInsetsMake"].contains(name), arguments.count == 4 {
      (left, right) = (arguments[1].value, arguments[3].value)
    } else {
      return nil
    }
    guard let leftValue = number(left), let rightValue = number(right), leftValue != rightValue
    else { return nil }
    return offset
  }

  private static func number(_ expression: Expr) -> Double? {
    switch expression {
    case .integer(let text, _), .float(let text, _): Double(text.replacing("_", with: ""))
    case .prefix("-", let operand, _): number(operand).map { -$0 }
    default: nil
    }
  }

  static func alignmentMessage(_ name: String) -> String {
    ".\(name) alignment stays on the \(name) in right-to-left languages: use .natural (the language's leading edge), or choose by effectiveUserInterfaceLayoutDirection"
  }

  static func attributeMessage(_ name: String) -> String {
    "the .\(name) layout attribute stays on the same side in right-to-left languages: use .\(attributes[name] ?? "leading")"
  }

  static func directionMessage(_ direction: String) -> String {
    ".\(direction) forces one layout direction in every language, so right-to-left languages get a left-to-right layout (or the reverse): leave the direction to the system (.unspecified; for media controls .playback, for directions on a map .spatial)"
  }

  private mutating func report(
    _ check: String, _ offset: Int, _ message: String, key: String? = nil
  ) {
    found.append(Found(check: check, offset: offset, message: message, key: key))
  }
}

/// A fixed `dateFormat = "…"`: where, and how its formatter is known (`source-fixed-date-format`).
struct DateFormatSite {
  var offset: Int
  var format: String
  /// The formatter as written before `.dateFormat` (`formatter`, `self.formatter`, `$0`).
  var formatter: String
  var scope: WalkScope
}
