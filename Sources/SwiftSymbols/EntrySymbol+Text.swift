import LHCBase
import StringCatalog

/// The texts of an entry: leaves, the chosen source text, substitution expansion, default values.
extension EntrySymbol {
  /// Every string-unit value of a node and its variation cases, in file order.
  static func leaves(of node: LocalizationNode) -> [String] {
    var result: [String] = []
    if let value = node.stringUnit?.value { result.append(value) }
    for variation in node.variations {
      for variationCase in variation.cases { result += leaves(of: variationCase.node) }
    }
    return result
  }

  /// The text shown when the key is missing: through variations, the `other` case (for widths the
  /// widest, the full text), else the first.
  static func chosenLeaf(of node: LocalizationNode) -> String? {
    if let variation = node.variations.first {
      let widest = variation.cases.max { (Int($0.name) ?? -1) < (Int($1.name) ?? -1) }
      let chosen =
        variation.kind == .width
        ? widest : variation.cases.first { $0.name == "other" } ?? variation.cases.first
      if let chosen, let text = chosenLeaf(of: chosen.node) { return text }
    }
    return node.stringUnit?.value
  }

  /// A token with the argument position it reads (C order: `*` width, `*` precision, value).
  enum ResolvedToken {
    case text(String)
    case percent
    case specifier(FormatSpecifier, position: Int, width: Int?, precision: Int?)
    case substitution(SubstitutionReference, position: Int)
  }

  /// Tokens with positions resolved as `FormatString.arguments` resolves them.
  static func resolve(_ format: FormatString) -> [ResolvedToken] {
    var next = 1
    func take(_ explicit: Int?) -> Int {
      if let explicit { return explicit }
      next += 1
      return next - 1
    }
    return format.tokens.map { token in
      switch token {
      case .literal(let text), .invalid(let text): return .text(text)
      case .argPlaceholder: return .text("%arg")
      case .percent: return .percent
      case .specifier(let specifier):
        var width: Int?
        var precision: Int?
        if case .argument(let explicit)? = specifier.width { width = take(explicit) }
        if case .argument(let explicit)? = specifier.precision { precision = take(explicit) }
        return .specifier(
          specifier, position: take(specifier.position), width: width, precision: precision)
      case .substitution(let reference):
        return .substitution(reference, position: take(reference.position))
      }
    }
  }

  /// `text` with each `%#@name@` replaced by the substitution's `other` form (`%arg` becoming
  /// `%N$<formatSpecifier>`). When the text has substitutions or mixes positional and sequential
  /// specifiers, every specifier is written with its explicit position, so `String(format:)` reads
  /// the arguments in the right order.
  func expand(_ text: String) -> String {
    let format = FormatString(parsing: text)
    let positional =
      !format.substitutionReferences.isEmpty
      || (format.hasPositionalArguments && format.hasNonPositionalArguments)
    guard positional else { return text }
    var result = ""
    for token in Self.resolve(format) {
      switch token {
      case .text(let text): result += text
      case .percent: result += "%%"
      case .specifier(let specifier, let position, let width, let precision):
        result += "%\(position)$" + specifier.flags
        switch specifier.width {
        case .fixed(let value)?: result += "\(value)"
        case .argument?: result += "*\(width!)$"
        case nil: break
        }
        switch specifier.precision {
        case .fixed(let value)?: result += ".\(value)"
        case .argument?: result += ".*\(precision!)$"
        case nil: break
        }
        result += specifier.valueType
      case .substitution(let reference, let position):
        result += expandSubstitution(reference, position: position)
      }
    }
    return result
  }

  /// The `other` form of a substitution with `%arg` made positional.
  private func expandSubstitution(_ reference: SubstitutionReference, position: Int) -> String {
    guard let substitution = substitutionNamed(reference.name),
      let specifier = Self.specifier(of: substitution)
    else { return reference.text }
    let argument = "%\(substitution.argNum ?? position)$\(specifier.valueType)"
    let node = LocalizationNode(variations: substitution.variations)
    let form = NamedPlaceholders(Self.chosenLeaf(of: node) ?? "").text
    let tokens = FormatString(parsing: form, options: .argPlaceholder).tokens
    return tokens.map { $0 == .argPlaceholder ? argument : $0.text }.joined()
  }

  /// The `defaultValue:` pieces: the full fallback text when it reads arguments 1, 2, … once each
  /// in order (a `String.LocalizationValue` interpolation passes its arguments in text order);
  /// otherwise the arguments in order, separated by spaces, as Xcode does.
  static func resourceDefault(_ fallback: String, count: Int) -> [Symbol.ResourcePiece] {
    guard count > 0 else { return [.literal(fallback)] }
    let tokens = resolve(FormatString(parsing: fallback))
    var positions: [Int] = []
    var pieces: [Symbol.ResourcePiece] = []
    var inOrder = true
    for token in tokens {
      switch token {
      case .text(let text): pieces.append(.literal(text))
      case .percent: pieces.append(.literal("%"))
      case .specifier(_, let position, let width, let precision):
        if width != nil || precision != nil { inOrder = false }
        positions.append(position)
        pieces.append(.argument(position))
      case .substitution: inOrder = false
      }
    }
    if inOrder && positions == Array(1...count) { return merged(pieces) }
    var result: [Symbol.ResourcePiece] = []
    for position in 1...count {
      if position > 1 { result.append(.literal(" ")) }
      result.append(.argument(position))
    }
    return result
  }

  /// Adjacent literals joined.
  private static func merged(_ pieces: [Symbol.ResourcePiece]) -> [Symbol.ResourcePiece] {
    var result: [Symbol.ResourcePiece] = []
    for piece in pieces {
      if case .literal(let text) = piece, case .literal(let previous)? = result.last {
        result[result.count - 1] = .literal(previous + text)
      } else {
        result.append(piece)
      }
    }
    return result
  }
}
