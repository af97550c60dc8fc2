/// Types as written, and the generic arguments of expressions (`Array<Int>()`).
extension Parser {
  public static let typeSpecifiers: [StaticString] = [
    "inout", "borrowing", "consuming", "__owned", "__shared", "sending", "isolated", "each",
    "repeat", "nonisolated",
  ]

  mutating func parseType() -> TypeSyntax {
    nested(.unknown) { parser in parser.parseTypeUnnested() }
  }

  mutating func parseTypeUnnested() -> TypeSyntax {
    _ = parseAttributes()
    while isKeyword(current, in: Self.typeSpecifiers) { advance() }
    var opaque = false
    if at("some") || at("any") {
      opaque = true
      advance()
    }
    var type: TypeSyntax
    switch current.kind {
    case .identifier:
      type = .named(parseTypeComponents())
    case .leftBracket:
      advance()
      let element = parseType()
      if current.kind == .colon {
        advance()
        let value = parseType()
        type = .dictionary(element, value)
      } else {
        type = .array(element)
      }
      _ = expect(.rightBracket)
    case .leftParen:
      advance()
      var elements: [TypeSyntax] = []
      var labels: [String?] = []
      while !atEnd, current.kind != .rightParen {
        let before = index
        // Tuple element labels: `(name: Type)` (a function type's `(_ name: Type)` too).
        var label: String?
        if current.kind == .identifier, token(1).kind == .colon {
          label = name(current)
          advance(); advance()
        }
        if current.kind == .identifier, token(1).kind == .identifier, token(2).kind == .colon {
          advance(); advance(); advance()
        }
        labels.append(label)
        elements.append(parseType())
        if atOperator("...") { advance() }
        if current.kind == .comma { advance() } else if index == before { skipBalanced() }
        if current.kind != .comma, current.kind != .rightParen, index == before { break }
      }
      _ = expect(.rightParen)
      type =
        elements.count == 1
        ? elements[0]
        : .tuple(
          zip(labels, elements).map { label, element in
            label.map { .labeled($0, element) } ?? element
          })
      while at("async") || at("throws") || at("rethrows") {
        advance()
        if current.kind == .leftParen, !current.spaceBefore { skipBalanced() }
      }
      if atOperator("->") {
        advance()
        type = .function(elements, parseType())
      }
    default:
      return .unknown
    }
    // Postfix: `?`, `!`, `.Type`, `.Protocol`.
    while true {
      if current.kind == .op, !current.spaceBefore,
        bytesEqual(current, "?") || bytesEqual(current, "!")
      {
        type = .optional(type)
        advance()
      } else if current.kind == .op, !current.spaceBefore, bytesEqual(current, "??") {
        type = .optional(.optional(type))
        advance()
      } else if current.kind == .period, token(1, is: "Type") || token(1, is: "Protocol") {
        advance()
        advance()
      } else {
        break
      }
    }
    // Composition `P & Q`: the first member stands for it.
    while atOperator("&") {
      advance()
      _ = parseType()
    }
    return opaque ? .opaque(type) : type
  }

  mutating func parseTypeComponents() -> [TypeComponent] {
    var components: [TypeComponent] = []
    while current.kind == .identifier {
      var component = TypeComponent(name: name(current))
      advance()
      if current.kind == .op, !current.spaceBefore, firstByte(current) == UInt8(ascii: "<") {
        component.arguments = parseGenericArguments()
      }
      components.append(component)
      guard current.kind == .period, token(1).kind == .identifier, !token(1, is: "Type"),
        !token(1, is: "Protocol"), !token(1, is: "self"), !token(1, is: "init")
      else { break }
      advance()
    }
    return components
  }

  func firstByte(_ token: Token) -> UInt8 {
    file.bytes.indices.contains(Int(token.start)) ? file.bytes[Int(token.start)] : 0
  }

  /// At an operator starting with `<`: the generic arguments up to the matching `>`, splitting
  /// `>>` and `>=` tokens as the grammar does.
  mutating func parseGenericArguments() -> [TypeSyntax] {
    // Consume the `<` (and split `<<`).
    splitOperator()
    advance()
    var arguments: [TypeSyntax] = []
    while !atEnd {
      let before = index
      arguments.append(parseType())
      if current.kind == .comma {
        advance()
        continue
      }
      if current.kind == .op, firstByte(current) == UInt8(ascii: ">") {
        splitOperator()
        advance()
        break
      }
      if index == before { skipBalanced() }
      if current.kind == .rightParen || current.kind == .rightBrace || current.kind == .leftBrace {
        break
      }
    }
    return arguments
  }

  /// Splits an operator token after its first byte (`>>` → `>` `>`), in place.
  mutating func splitOperator() {
    let token = current
    guard token.kind == .op, token.end - token.start > 1 else { return }
    var first = token
    first.end = token.start + 1
    var rest = token
    rest.start = token.start + 1
    rest.spaceBefore = false
    rest.newlineBefore = false
    tokens[index] = first
    tokens.insert(rest, at: index + 1)
  }

  /// Whether the `<` at `position` opens generic arguments in an expression (`Array<Int>()`):
  /// the tokens up to its matching `>` are only what types are made of, and what follows is what
  /// may follow a type in an expression.
  func genericArgumentsFollow() -> Bool {
    guard current.kind == .op, !current.spaceBefore, bytesEqual(current, "<") else { return false }
    var level = 1
    var position = index + 1
    var steps = 0
    while position < tokens.count - 1, steps < 64 {
      let token = tokens[position]
      steps += 1
      switch token.kind {
      case .identifier, .period, .comma, .leftBracket, .rightBracket, .leftParen, .rightParen,
        .colon:
        break
      case .op:
        let bytes = file.bytes[token.range]
        if bytes.allSatisfy({ $0 == UInt8(ascii: ">") }) {
          level -= bytes.count
          if level <= 0 {
            let next = tokens[position + 1]
            if next.newlineBefore { return level == 0 }
            switch next.kind {
            case .leftParen, .rightParen, .period, .rightBracket, .comma, .colon, .semicolon,
              .rightBrace, .end:
              return level == 0
            case .op:
              return level == 0
                && (bytesEqual(next, "?") || bytesEqual(next, "!") || next.spaceBefore)
            default:
              return false
            }
          }
        } else if bytes.elementsEqual("<".utf8) {
          level += 1
        } else if !(bytes.elementsEqual("?".utf8) || bytes.elementsEqual("!".utf8)
          || bytes.elementsEqual("->".utf8) || bytes.elementsEqual("&".utf8)
          || bytes.elementsEqual("...".utf8))
        {
          return false
        }
      default:
        return false
      }
      position += 1
    }
    return false
  }

}
