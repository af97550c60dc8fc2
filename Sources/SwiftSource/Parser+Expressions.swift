/// Expressions: infix sequences, prefix and postfix operators, calls and trailing closures,
/// literals, closures, key paths, string interpolations.
extension Parser {
  /// An expression: prefix and postfix expressions joined by infix operators, casts and `?:`.
  /// `trailingClosures: false` in a statement's condition, where `{` starts the body.
  public mutating func parseExpression(trailingClosures: Bool = true) -> Expr {
    nested(.unknown(offset: offset)) { parser in parser.parseSequence(trailingClosures) }
  }

  mutating func parseSequence(_ trailingClosures: Bool) -> Expr {
    var operands: [Expr] = [parsePrefixed(trailingClosures)]
    var operators: [InfixOperator] = []
    while true {
      if current.kind == .identifier, at("as") || at("is") {
        let castStart = index
        var kind = text(current)
        advance()
        if kind == "as", current.kind == .op, !current.spaceBefore,
          bytesEqual(current, "?") || bytesEqual(current, "!")
        {
          kind += text(current)
          advance()
        }
        guard
          current.kind == .identifier || current.kind == .leftParen || current.kind == .leftBracket
        else {
          index = castStart
          break
        }
        let type = parseType()
        operands[operands.count - 1] = .cast(operands[operands.count - 1], kind: kind, type)
        continue
      }
      guard current.kind == .op else { break }
      let operatorIndex = index
      let token = current
      let leftBound = !token.spaceBefore
      let rightBound = !spaceAfter(index)
      // `?` after whitespace is the ternary; with none before it, optional chaining (handled as
      // postfix already).
      if bytesEqual(token, "?") {
        guard !leftBound else { break }
        advance()
        let middle = parseExpression(trailingClosures: trailingClosures)
        guard current.kind == .colon else {
          index = operatorIndex
          break
        }
        advance()
        operators.append(InfixOperator(text: "?:", offset: Int(token.start), middle: middle))
        operands.append(parsePrefixed(trailingClosures))
        continue
      }
      // Infix: whitespace on both sides or neither.
      guard leftBound == rightBound else { break }
      if inPattern, bytesEqual(token, "=") { break }
      // `->` or `=` in a position where an expression ends (a closure signature, a default).
      advance()
      if atEnd || current.kind == .rightParen || current.kind == .rightBracket
        || current.kind == .rightBrace || current.kind == .comma
      {
        index = operatorIndex
        break
      }
      operators.append(InfixOperator(text: text(token), offset: Int(token.start), middle: nil))
      operands.append(parsePrefixed(trailingClosures))
    }
    return operators.isEmpty ? operands[0] : .infix(operands, operators)
  }

  /// `try`, `await`, `&`, prefix operators, then a postfix expression.
  mutating func parsePrefixed(_ trailingClosures: Bool) -> Expr {
    let start = offset
    let operandFollows =
      (token(1).kind == .identifier || token(1).kind == .dollarIdentifier)
      && !token(1).newlineBefore
    if current.kind == .identifier,
      at("try") || at("await")
        || (at("consume") || at("copy") || at("unsafe") || at("each") || at("repeat"))
          && operandFollows
    {
      let isTry = at("try")
      advance()
      if isTry, current.kind == .op, !current.spaceBefore,
        bytesEqual(current, "?") || bytesEqual(current, "!")
      {
        advance()
      }
      return parsePrefixed(trailingClosures)
    }
    if current.kind == .op {
      let leftBound = !current.spaceBefore
      let rightBound = !spaceAfter(index)
      if rightBound && (!leftBound || index == 0 || isExpressionStartBefore()) {
        let op = text(current)
        advance()
        return .prefix(op, parsePrefixed(trailingClosures), offset: start)
      }
    }
    return parsePostfix(trailingClosures)
  }

  /// Whether the token before the current one cannot end an expression (so an operator here
  /// with nothing around it is a prefix operator: `(-x)`, `[!a]`).
  func isExpressionStartBefore() -> Bool {
    guard index > 0 else { return true }
    switch tokens[index - 1].kind {
    case .leftParen, .leftBracket, .leftBrace, .comma, .colon, .semicolon, .op: return true
    default: return false
    }
  }

  mutating func parsePostfix(_ trailingClosures: Bool) -> Expr {
    var base = parsePrimary(trailingClosures)
    while true {
      let token = current
      switch token.kind {
      case .period:
        let next = self.token(1)
        guard next.kind == .identifier || next.kind == .integer || next.kind == .dollarIdentifier
        else { return base }
        advance()
        let member = current.kind == .identifier ? name(current) : text(current)
        let memberOffset = offset
        advance()
        base = .member(base, member, offset: memberOffset)
        if current.kind == .op, !current.spaceBefore, bytesEqual(current, "<"),
          genericArgumentsFollow()
        {
          _ = parseGenericArguments()
        }
      case .leftParen where !token.newlineBefore:
        let arguments = parseArgumentList()
        base = .call(base, arguments, trailing: [], offset: Int(token.start))
      case .leftBracket where !token.newlineBefore:
        let arguments = parseArgumentList(closer: .rightBracket)
        base = .subscripted(base, arguments, offset: Int(token.start))
      case .leftBrace where trailingClosures && !token.newlineBefore && isCallable(base):
        base = parseTrailingClosures(base)
      case .op where !token.spaceBefore && (bytesEqual(token, "?") || bytesEqual(token, "!")):
        // Optional chaining / forced unwrap: `a?.b`, `a!`.
        advance()
        base = .postfix(base, bytesEqual(token, "?") ? "?" : "!")
      case .op
      where !token.spaceBefore && spaceAfter(index) && !bytesEqual(token, "=")
        && !bytesEqual(token, "<") && !bytesEqual(token, "->"):
        advance()
        base = .postfix(base, text(token))
      case .op where !token.spaceBefore && bytesEqual(token, "<") && genericArgumentsFollow():
        let arguments = parseGenericArguments()
        if case .name(let typeName, let offset) = base {
          base = .type(
            .named([TypeComponent(name: typeName, arguments: arguments)]), offset: offset)
        }
      case .poundKeyword
      where bytesEqual(token, "#if") && token.newlineBefore && postfixClauseFollows():
        base = parseConditionalPostfix(on: base, trailingClosures)
      default:
        return base
      }
    }
  }

  /// After `#if condition`: whether the clause holds postfix members (`.padding()`).
  func postfixClauseFollows() -> Bool {
    var position = index + 1
    let line = file.lineColumn(of: Int(tokens[index].start)).line
    while position < tokens.count - 1, file.lineColumn(of: Int(tokens[position].start)).line == line
    {
      position += 1
    }
    return tokens[position].kind == .period
  }

  /// The postfix members of an `#if` clause, applied to `base`, and the `#if` blocks nested in
  /// it (SE-0308: `#if os(iOS)` inside an `#else` of postfix members).
  mutating func parsePostfixChain(on base: Expr, _ trailingClosures: Bool) -> Expr {
    var expression = base
    while true {
      if current.kind == .poundKeyword, bytesEqual(current, "#if"), postfixClauseFollows() {
        expression = parseConditionalPostfix(on: expression, trailingClosures)
        continue
      }
      guard current.kind == .period, token(1).kind == .identifier else { break }
      advance()
      let member = name(current)
      let memberOffset = offset
      advance()
      expression = .member(expression, member, offset: memberOffset)
      while true {
        if current.kind == .leftParen, !current.newlineBefore {
          let callOffset = offset
          expression = .call(expression, parseArgumentList(), trailing: [], offset: callOffset)
        } else if current.kind == .leftBrace, trailingClosures, !current.newlineBefore {
          expression = parseTrailingClosures(expression)
        } else {
          break
        }
      }
    }
    return expression
  }

  /// An `#if` of postfix members applied to `base`: each clause's chain built on it.
  mutating func parseConditionalPostfix(on base: Expr, _ trailingClosures: Bool) -> Expr {
    let clauses = parseConditional { parser -> [Expr] in
      [parser.parsePostfixChain(on: base, trailingClosures)]
    }
    return .conditionalPostfix(base, clauses)
  }

  func isCallable(_ expression: Expr) -> Bool {
    switch expression {
    case .name, .member, .call, .implicitMember, .macro, .type, .subscripted: true
    default: false
    }
  }

  /// `{ … }` after a callee, and labelled trailing closures after it (`} label: { … }`).
  mutating func parseTrailingClosures(_ base: Expr) -> Expr {
    var trailing: [Argument] = []
    let start = offset
    trailing.append(Argument(label: nil, value: parseClosure(), offset: start))
    while current.kind == .identifier, token(1).kind == .colon, token(2).kind == .leftBrace {
      let label = name(current)
      let labelOffset = offset
      advance()
      advance()
      trailing.append(Argument(label: label, value: parseClosure(), offset: labelOffset))
    }
    switch base {
    case .call(let callee, let arguments, let existing, let offset):
      return .call(callee, arguments, trailing: existing + trailing, offset: offset)
    case .macro(let macroName, let arguments, let existing, let offset):
      return .macro(macroName, arguments, trailing: existing + trailing, offset: offset)
    default:
      return .call(base, [], trailing: trailing, offset: start)
    }
  }

  /// `(label: value, …)` or `[…]` after the opener; the current token is the opener.
  mutating func parseArgumentList(closer: TokenKind = .rightParen) -> [Argument] {
    nested([]) { parser in
      parser.advance()
      var arguments: [Argument] = []
      while !parser.atEnd, parser.current.kind != closer {
        let before = parser.index
        let start = parser.offset
        var label: String?
        if parser.token(1).kind == .colon,
          parser.current.kind == .identifier || parser.current.kind == .dollarIdentifier,
          parser.token(2).kind != .colon
        {
          label = parser.name(parser.current)
          parser.advance()
          parser.advance()
        }
        let value: Expr
        if parser.current.kind == .op,
          parser.token(1).kind == .comma || parser.token(1).kind == closer
        {
          // An operator passed as a function: `reduce(0, +)`.
          value = .name(parser.text(parser.current), offset: parser.offset)
          parser.advance()
        } else if parser.current.kind == .comma || parser.current.kind == closer {
          value = .unknown(offset: parser.offset)
        } else {
          value = parser.parseExpression()
        }
        arguments.append(Argument(label: label, value: value, offset: start))
        if parser.current.kind == .comma {
          parser.advance()
        } else if parser.current.kind != closer {
          if parser.index == before || parser.current.kind == .rightBrace
            || parser.current.kind == .rightParen || parser.current.kind == .rightBracket
          {
            // A stray closer of another kind ends the list; so does no progress.
            if parser.index == before { parser.skipBalanced() } else { break }
          }
        }
      }
      _ = parser.expect(closer)
      return arguments
    }
  }

  mutating func parsePrimary(_ trailingClosures: Bool) -> Expr {
    let start = offset
    let token = current
    switch token.kind {
    case .identifier:
      if at("true") || at("false") {
        advance()
        return .boolean(bytesEqual(token, "true"), offset: start)
      }
      if at("nil") {
        advance()
        return .nilLiteral(offset: start)
      }
      if at("if") {
        return .statement(parseIf())
      }
      if at("switch") {
        return .statement(parseSwitch())
      }
      if at("some") || at("any"), self.token(1).kind == .identifier, !self.token(1).newlineBefore {
        return .type(parseType(), offset: start)
      }
      if inPattern, at("let") || at("var"), self.token(1).kind == .identifier {
        // A binding inside a pattern: `.page(let n)` is `.prefix("let", n)`.
        advance()
        return .prefix("let", parsePrimary(trailingClosures), offset: start)
      }
      advance()
      return .name(name(token), offset: start)
    case .dollarIdentifier:
      advance()
      return .name(text(token), offset: start)
    case .integer:
      advance()
      return .integer(text(token), offset: start)
    case .float:
      advance()
      return .float(text(token), offset: start)
    case .string:
      advance()
      stringCount += 1
      return .string(stringLiteral(token))
    case .regex:
      advance()
      return .unknown(offset: start)
    case .period:
      let next = self.token(1)
      if next.kind == .identifier || next.kind == .dollarIdentifier {
        advance()
        let member = name(current)
        advance()
        return .implicitMember(member, offset: start)
      }
      advance()
      return .unknown(offset: start)
    case .leftParen:
      return .tuple(parseArgumentList(), offset: start)
    case .leftBracket:
      return parseCollectionLiteral()
    case .leftBrace:
      return parseClosure()
    case .backslash:
      return parseKeyPath()
    case .poundKeyword:
      let macroName = text(token)
      advance()
      if current.kind == .op, !current.spaceBefore, bytesEqual(current, "<"),
        genericArgumentsFollow()
      {
        _ = parseGenericArguments()
      }
      var arguments: [Argument] = []
      if current.kind == .leftParen, !current.newlineBefore {
        arguments = parseArgumentList()
      }
      var expression = Expr.macro(macroName, arguments, trailing: [], offset: start)
      if current.kind == .leftBrace, trailingClosures, !current.newlineBefore {
        expression = parseTrailingClosures(expression)
      }
      return expression
    case .at:
      // An attributed closure or type in expression position: `@MainActor in`, `@Sendable`.
      _ = parseAttributes()
      return parsePrimary(trailingClosures)
    default:
      skipBalanced()
      return .unknown(offset: start)
    }
  }

  mutating func parseCollectionLiteral() -> Expr {
    let start = offset
    return nested(.unknown(offset: start)) { parser in
      parser.advance()
      var elements: [Expr] = []
      var pairs: [(key: Expr, value: Expr)] = []
      var isDictionary = false
      if parser.current.kind == .colon, parser.token(1).kind == .rightBracket {
        parser.advance()
        parser.advance()
        return .dictionary([], offset: start)
      }
      while !parser.atEnd, parser.current.kind != .rightBracket {
        let before = parser.index
        let element = parser.parseExpression()
        if parser.current.kind == .colon {
          isDictionary = true
          parser.advance()
          pairs.append((element, parser.parseExpression()))
        } else {
          elements.append(element)
        }
        if parser.current.kind == .comma {
          parser.advance()
        } else if parser.current.kind != .rightBracket {
          if parser.index == before { parser.skipBalanced() } else { break }
        }
      }
      _ = parser.expect(.rightBracket)
      return isDictionary ? .dictionary(pairs, offset: start) : .array(elements, offset: start)
    }
  }

  /// `{ [captures] (parameters) async throws -> Result in statements }`.
  mutating func parseClosure() -> Expr {
    let start = offset
    return nested(.unknown(offset: start)) { parser in
      parser.advance()
      var parameters: [Parameter] = []
      if let signatureEnd = parser.closureSignatureEnd() {
        _ = parser.parseAttributes()
        if parser.current.kind == .leftBracket { parser.skipBalanced() }
        if parser.current.kind == .leftParen {
          parameters = parser.parseParameterList()
        } else {
          while parser.index < signatureEnd,
            parser.current.kind == .identifier || parser.current.kind == .dollarIdentifier
          {
            if parser.at("async") || parser.at("throws") || parser.at("in") { break }
            parameters.append(
              Parameter(
                label: nil, name: parser.name(parser.current), type: nil, defaultValue: nil,
                isVariadic: false, offset: parser.offset))
            parser.advance()
            if parser.current.kind == .comma { parser.advance() }
          }
        }
        parser.index = signatureEnd + 1
      }
      let body = parser.parseStatements()
      _ = parser.expect(.rightBrace)
      return .closure(Closure(parameters: parameters, body: body, offset: start))
    }
  }

  /// The index of a closure signature's `in`, when the closure has one (the current token is the
  /// first after `{`): attributes, a capture list, parameters (`(a: Int, b)` or `a, b`), effects,
  /// a result type, `in`.
  func closureSignatureEnd() -> Int? {
    var position = index
    func kind(_ offset: Int) -> TokenKind { tokens[min(offset, tokens.count - 1)].kind }
    while kind(position) == .at {
      position += 2
      if kind(position) == .leftParen { position = matching(position) + 1 }
    }
    if kind(position) == .leftBracket { position = matching(position) + 1 }
    if kind(position) == .leftParen {
      position = matching(position) + 1
    } else {
      while kind(position) == .identifier || kind(position) == .dollarIdentifier {
        let token = tokens[position]
        if bytesEqual(token, "in") { return position }
        guard token.kind == .dollarIdentifier || !isKeyword(token, in: Self.statementKeywords)
        else {
          return nil
        }
        position += 1
        guard kind(position) == .comma else { break }
        position += 1
      }
    }
    while kind(position) == .identifier,
      bytesEqual(tokens[position], "async") || bytesEqual(tokens[position], "throws")
        || bytesEqual(tokens[position], "rethrows")
    {
      position += 1
      if kind(position) == .leftParen { position = matching(position) + 1 }
    }
    if kind(position) == .op, bytesEqual(tokens[position], "->") {
      position += 1
      var steps = 0
      while position < tokens.count - 1, steps < 48 {
        let token = tokens[position]
        if token.kind == .identifier, bytesEqual(token, "in") { return position }
        switch token.kind {
        case .identifier, .period, .op, .leftBracket, .rightBracket, .colon, .comma:
          position += 1
        case .leftParen:
          position = matching(position) + 1
        default:
          return nil
        }
        steps += 1
      }
      return nil
    }
    return kind(position) == .identifier && bytesEqual(tokens[position], "in") ? position : nil
  }

  static let statementKeywords: [StaticString] = [
    "for", "if", "let", "var", "return", "guard", "switch", "while", "case", "try", "await",
    "defer", "do", "repeat", "throw", "func", "break", "continue", "self", "super", "true",
    "false", "nil",
  ]

  /// The index of the bracket matching the one at `position` (or the last token).
  func matching(_ position: Int) -> Int {
    var level = 0
    var current = position
    while current < tokens.count - 1 {
      switch tokens[current].kind {
      case .leftParen, .leftBracket, .leftBrace: level += 1
      case .rightParen, .rightBracket, .rightBrace:
        level -= 1
        if level == 0 { return current }
      default: break
      }
      current += 1
    }
    return tokens.count - 1
  }

  /// `\Type.member.member`, `\.$url`, `\.[0]`.
  mutating func parseKeyPath() -> Expr {
    let start = offset
    advance()
    var components: [String] = []
    if current.kind == .identifier, !current.spaceBefore {
      advance()  // the root type
    }
    while true {
      if current.kind == .period, !current.spaceBefore {
        advance()
        if current.kind == .identifier || current.kind == .dollarIdentifier {
          components.append(current.kind == .identifier ? name(current) : text(current))
          advance()
        }
      } else if current.kind == .op, !current.spaceBefore,
        bytesEqual(current, "?") || bytesEqual(current, "!")
      {
        advance()
      } else if current.kind == .leftBracket, !current.spaceBefore {
        skipBalanced()
      } else {
        break
      }
    }
    return .keyPath(components, offset: start)
  }

  /// A string literal token as a tree node, each interpolation parsed as an argument list.
  func stringLiteral(_ token: Token) -> StringLiteralExpression {
    let literal = literals[Int(token.literal)]
    var segments: [StringLiteralExpression.Segment] = []
    for segment in literal.segments {
      switch segment {
      case .text(let text):
        segments.append(.text(text))
      case .interpolation(let range):
        segments.append(.interpolation(parseInterpolation(range), range: range))
      }
    }
    return StringLiteralExpression(
      segments: segments, isMalformed: literal.isMalformed, range: token.range)
  }

  func parseInterpolation(_ range: Range<Int>) -> [Argument] {
    guard depth < Self.maximumDepth else { return [] }
    let stream = Lexer.tokenize(file.bytes, range: range)
    var sub = Parser(file: file, stream: stream, depth: depth + 1)
    // The interpolation's tokens are an argument list without its parentheses.
    let open = Token(
      kind: .leftParen, spaceBefore: false, newlineBefore: false, start: Int32(range.lowerBound),
      end: Int32(range.lowerBound), literal: -1)
    let close = Token(
      kind: .rightParen, spaceBefore: false, newlineBefore: false, start: Int32(range.upperBound),
      end: Int32(range.upperBound), literal: -1)
    sub.tokens =
      [open] + stream.tokens.dropLast() + [close, stream.tokens[stream.tokens.count - 1]]
    return sub.parseArgumentList()
  }
}
