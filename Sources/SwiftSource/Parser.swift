/// A recursive-descent parser for Swift: declarations, statements and expressions, following the
/// grammar of The Swift Programming Language, tolerant of what it does not know. It never fails:
/// a construct it cannot read becomes ``Statement/other(offset:)`` or ``Expr/unknown(offset:)``
/// and the parser steps over it (balanced brackets as one piece), so that one odd line does not
/// hide the rest of the file. Nesting deeper than ``maximumDepth`` is skipped the same way, so
/// that no input can exhaust the stack.
///
/// Where Swift's grammar depends on whitespace (`a?.b` vs `a ? b : c`, prefix `-x` vs infix
/// `a - x`, a call's `(` only on the callee's line), the parser applies the language's rules:
/// an operator is infix when it has whitespace on both sides or on neither, prefix when only
/// before it, postfix when only after it.
public struct Parser {
  let file: SourceFile
  var tokens: [Token]
  let literals: [StringLiteral]
  var index = 0
  var depth = 0
  /// String literals read so far: a body that holds none is marked (``FunctionDeclaration/
  /// containsStrings``), so that extraction can step over it.
  var stringCount = 0
  /// Reading a pattern before `=` (`case .some(let x) = value`): `=` ends the expression.
  var inPattern = false
  public static let maximumDepth = 160

  /// Parses a whole file.
  public static func parse(_ file: SourceFile) -> SourceTree {
    var parser = Parser(file: file, stream: Lexer.tokenize(file.bytes), depth: 0)
    let statements = parser.parseStatements()
    return SourceTree(file: file, statements: statements, containsStrings: parser.stringCount > 0)
  }

  init(file: SourceFile, stream: TokenStream, depth: Int) {
    self.file = file
    tokens = stream.tokens
    literals = stream.literals
    self.depth = depth
  }

  // MARK: - Tokens

  var current: Token { tokens[index] }

  func token(_ offset: Int) -> Token {
    tokens[min(index + offset, tokens.count - 1)]
  }

  var atEnd: Bool { current.kind == .end }

  mutating func advance() {
    if index < tokens.count - 1 { index += 1 }
  }

  func bytesEqual(_ token: Token, _ word: StaticString) -> Bool {
    let length = Int(token.end - token.start)
    guard length == word.utf8CodeUnitCount else { return false }
    return word.withUTF8Buffer { buffer in
      var offset = 0
      let start = Int(token.start)
      while offset < length {
        if file.bytes[start + offset] != buffer[offset] { return false }
        offset += 1
      }
      return true
    }
  }

  /// The current token is the identifier (keyword) `word`.
  func at(_ word: StaticString) -> Bool {
    current.kind == .identifier && bytesEqual(current, word)
  }

  func token(_ offset: Int, is word: StaticString) -> Bool {
    let token = token(offset)
    return token.kind == .identifier && bytesEqual(token, word)
  }

  func atOperator(_ text: StaticString) -> Bool {
    current.kind == .op && bytesEqual(current, text)
  }

  func text(_ token: Token) -> String {
    file.text(token.range)
  }

  /// An identifier's name without backquotes.
  func name(_ token: Token) -> String {
    var range = token.range
    if file.bytes.indices.contains(range.lowerBound),
      file.bytes[range.lowerBound] == UInt8(ascii: "`")
    {
      range = (range.lowerBound + 1)..<max(range.lowerBound + 1, range.upperBound - 1)
    }
    return file.text(range)
  }

  var offset: Int { Int(current.start) }

  /// Whether a token has whitespace (or a line break) right after it.
  func spaceAfter(_ position: Int) -> Bool {
    let next = tokens[min(position + 1, tokens.count - 1)]
    return next.spaceBefore || next.kind == .end
  }

  /// Steps over one token; an opening bracket with everything up to its match.
  mutating func skipBalanced() {
    let closer: TokenKind
    switch current.kind {
    case .leftParen: closer = .rightParen
    case .leftBracket: closer = .rightBracket
    case .leftBrace: closer = .rightBrace
    case .end: return
    default:
      advance()
      return
    }
    var stack: [TokenKind] = [closer]
    advance()
    while !atEnd, !stack.isEmpty {
      switch current.kind {
      case .leftParen: stack.append(.rightParen)
      case .leftBracket: stack.append(.rightBracket)
      case .leftBrace: stack.append(.rightBrace)
      case .rightParen, .rightBracket, .rightBrace:
        if let index = stack.lastIndex(of: current.kind) {
          stack.removeSubrange(index...)
        }
      default: break
      }
      advance()
    }
  }

  mutating func expect(_ kind: TokenKind) -> Bool {
    if current.kind == kind {
      advance()
      return true
    }
    return false
  }

  /// Runs `body` one level deeper, or skips the construct when the parser is too deep.
  mutating func nested<T>(_ fallback: T, _ body: (inout Parser) -> T) -> T {
    guard depth < Self.maximumDepth else {
      skipBalanced()
      return fallback
    }
    depth += 1
    defer { depth -= 1 }
    return body(&self)
  }

  // MARK: - Statements

  /// Statements up to the end of the tokens or a closing brace (not consumed).
  mutating func parseStatements(stopAtCase: Bool = false) -> [Statement] {
    var statements: [Statement] = []
    while true {
      while current.kind == .semicolon { advance() }
      if atEnd || current.kind == .rightBrace { break }
      if stopAtCase, at("case") || at("default") && token(1).kind == .colon { break }
      if stopAtCase, current.kind == .at, token(1, is: "unknown") { break }
      if current.kind == .poundKeyword, isDirective(["#else", "#elseif", "#endif"]) { break }
      let start = index
      let statement = parseStatement()
      statements.append(statement)
      if index == start { skipBalanced() }
    }
    return statements
  }

  func isDirective(_ names: [StaticString]) -> Bool {
    names.contains { bytesEqual(current, $0) }
  }

  static let declarationKeywords: [StaticString] = [
    "let", "var", "func", "init", "deinit", "subscript", "struct", "class", "enum", "actor",
    "protocol", "extension", "typealias", "associatedtype", "import", "operator",
    "precedencegroup", "macro",
  ]

  static let modifierKeywords: [StaticString] = [
    "public", "private", "fileprivate", "internal", "open", "package", "static", "final",
    "override", "mutating", "nonmutating", "lazy", "weak", "unowned", "optional", "required",
    "convenience", "dynamic", "indirect", "prefix", "postfix", "infix", "nonisolated",
    "isolated", "distributed", "consuming", "borrowing", "__consuming", "class",
  ]

  func isKeyword(_ token: Token, in list: [StaticString]) -> Bool {
    token.kind == .identifier && list.contains { bytesEqual(token, $0) }
  }

  /// Whether a declaration starts here: attributes, modifiers followed by a declaration keyword,
  /// or a declaration keyword.
  func startsDeclaration() -> Bool {
    if current.kind == .at { return true }
    var position = 0
    while isKeyword(token(position), in: Self.modifierKeywords) {
      // `class Foo` is a declaration keyword; `class func` a modifier.
      if token(position, is: "class"),
        !isKeyword(token(position + 1), in: Self.declarationKeywords + Self.modifierKeywords)
      {
        return true
      }
      position += 1
      // private(set), unowned(unsafe), nonisolated(unsafe)
      if token(position).kind == .leftParen,
        token(position + 1, is: "set") || token(position + 1, is: "unsafe")
          || token(position + 1, is: "safe")
      {
        position += 3
      }
    }
    if isKeyword(token(position), in: Self.declarationKeywords) {
      // `init` is a declaration only when its parameter list follows (`init(`, `init?(`, `init<`).
      if token(position, is: "init") {
        let next = token(position + 1)
        return next.kind == .leftParen || next.kind == .op
      }
      return true
    }
    return position > 0 && token(position, is: "case")
  }

  mutating func parseStatement() -> Statement {
    let start = offset
    if current.kind == .poundKeyword {
      if bytesEqual(current, "#if") {
        return .conditional(parseConditional { $0.parseStatements() }, offset: start)
      }
      if isDirective(["#warning", "#error", "#sourceLocation", "#line"]) {
        advance()
        if current.kind == .leftParen { skipBalanced() }
        return .other(offset: start)
      }
    }
    if startsDeclaration() {
      return .declaration(parseDeclaration())
    }
    if at("case") {
      return .declaration(parseDeclaration())
    }
    // A label: `outer: for …`.
    if current.kind == .identifier, token(1).kind == .colon,
      token(2, is: "for") || token(2, is: "while") || token(2, is: "repeat")
        || token(2, is: "switch") || token(2, is: "if") || token(2, is: "do")
    {
      advance()
      advance()
    }
    if current.kind == .identifier {
      if at("return") {
        advance()
        if atEnd || current.kind == .rightBrace || current.kind == .semicolon
          || current.newlineBefore
          || at("case") || at("default")
        {
          return .returnStatement(nil, offset: start)
        }
        return .returnStatement(parseExpression(), offset: start)
      }
      if at("if") { return parseIf() }
      if at("guard") {
        advance()
        let conditions = parseConditions()
        if at("else") { advance() }
        return .guardStatement(conditions, body: parseBlock(), offset: start)
      }
      if at("for") { return parseFor() }
      if at("while") {
        advance()
        let conditions = parseConditions()
        return .whileStatement(conditions, body: parseBlock(), offset: start)
      }
      if at("repeat"), token(1).kind == .leftBrace {
        advance()
        let body = parseBlock()
        var condition: Expr?
        if at("while") {
          advance()
          condition = parseExpression(trailingClosures: false)
        }
        return .repeatStatement(body: body, condition: condition, offset: start)
      }
      if at("switch") { return parseSwitch() }
      if at("do"), token(1).kind == .leftBrace || token(1, is: "throws") {
        return parseDo()
      }
      if at("defer"), token(1).kind == .leftBrace {
        advance()
        return .deferStatement(parseBlock(), offset: start)
      }
      if at("throw") {
        advance()
        return .throwStatement(parseExpression(), offset: start)
      }
      if at("break") || at("continue") || at("fallthrough") {
        advance()
        if current.kind == .identifier, !current.newlineBefore { advance() }
        return .other(offset: start)
      }
    }
    return .expression(parseExpression())
  }

  /// `{ statements }`; an empty body when there is no brace.
  mutating func parseBlock() -> [Statement] {
    guard current.kind == .leftBrace else { return [] }
    return nested([]) { parser in
      parser.advance()
      let statements = parser.parseStatements()
      _ = parser.expect(.rightBrace)
      return statements
    }
  }

  mutating func parseIf() -> Statement {
    let start = offset
    advance()
    let conditions = parseConditions()
    let body = parseBlock()
    var elseBody: [Statement]?
    if at("else") {
      advance()
      if at("if") {
        elseBody = [parseIf()]
      } else {
        elseBody = parseBlock()
      }
    }
    return .ifStatement(conditions, body: body, elseBody: elseBody, offset: start)
  }

  /// The comma-separated conditions of `if`, `guard`, `while`, up to the body's brace.
  mutating func parseConditions() -> [Condition] {
    var conditions: [Condition] = []
    while !atEnd, current.kind != .leftBrace, !at("else") {
      let start = index
      if at("let") || at("var") {
        let bindingStart = offset
        advance()
        let names = parsePatternNames()
        var type: TypeSyntax?
        if current.kind == .colon {
          advance()
          type = parseType()
        }
        var value: Expr?
        if atOperator("=") {
          advance()
          value = parseExpression(trailingClosures: false)
        }
        conditions.append(.binding(names: names, type: type, value: value, offset: bindingStart))
      } else if at("case") {
        advance()
        let pattern = parsePattern()
        var value: Expr = .unknown(offset: offset)
        if atOperator("=") {
          advance()
          value = parseExpression(trailingClosures: false)
        }
        conditions.append(.patternMatch(pattern, value))
      } else {
        conditions.append(.expression(parseExpression(trailingClosures: false)))
      }
      if current.kind == .comma {
        advance()
      } else if index == start {
        skipBalanced()
      } else {
        break
      }
    }
    return conditions
  }

  /// The names a pattern binds: `x`, `(a, b)`, `.some(let x)`, `x?`.
  mutating func parsePatternNames() -> [String] {
    var names: [String] = []
    if current.kind == .leftParen {
      let open = index
      skipBalanced()
      for position in (open + 1)..<max(open + 1, index - 1) {
        let token = tokens[position]
        if token.kind == .identifier,
          tokens[position + 1].kind == .comma || tokens[position + 1].kind == .rightParen,
          !bytesEqual(token, "_"), !bytesEqual(token, "let"), !bytesEqual(token, "var")
        {
          names.append(name(token))
        }
      }
      return names
    }
    if current.kind == .identifier {
      names.append(name(current))
      advance()
    }
    return names
  }

  /// A `case` pattern: `.some(let x)`, `let .a(b)`, `is T`, `let x as T`, an expression. A
  /// binding is `.prefix("let", …)`: of the whole pattern (`let .a(b)`: every name in it binds)
  /// or of one name (`.a(let b)`).
  mutating func parsePattern() -> Expr {
    let start = offset
    var binds = false
    if at("let") || at("var") {
      advance()
      binds = true
    }
    if at("is") {
      advance()
      return .type(parseType(), offset: start)
    }
    let saved = inPattern
    inPattern = true
    defer { inPattern = saved }
    let pattern = parseExpression(trailingClosures: false)
    return binds ? .prefix("let", pattern, offset: start) : pattern
  }

  mutating func parseFor() -> Statement {
    let start = offset
    advance()
    if at("try") { advance() }
    if at("await") { advance() }
    if at("case") { advance() }
    if at("let") || at("var") { advance() }
    let names = parsePatternNames()
    if current.kind == .colon {
      advance()
      _ = parseType()
    }
    if at("in") { advance() }
    let sequence = parseExpression(trailingClosures: false)
    var whereClause: Expr?
    if at("where") {
      advance()
      whereClause = parseExpression(trailingClosures: false)
    }
    return .forIn(
      names: names, sequence: sequence, whereClause: whereClause, body: parseBlock(), offset: start)
  }

  mutating func parseSwitch() -> Statement {
    let start = offset
    advance()
    let subject = parseExpression(trailingClosures: false)
    var cases: [SwitchCase] = []
    guard current.kind == .leftBrace else { return .switchStatement(subject, cases, offset: start) }
    return nested(.switchStatement(subject, cases, offset: start)) { parser in
      parser.advance()
      while !parser.atEnd, parser.current.kind != .rightBrace {
        let caseStart = parser.offset
        let before = parser.index
        if parser.current.kind == .poundKeyword, parser.bytesEqual(parser.current, "#if") {
          // Cases inside `#if`: each clause's cases, all kept.
          let clauses = parser.parseConditional { $0.parseSwitchCases() }
          for clause in clauses { cases.append(contentsOf: clause.elements) }
          continue
        }
        cases.append(contentsOf: parser.parseSwitchCases(single: true))
        if parser.index == before {
          parser.skipBalanced()
          cases.append(SwitchCase(patterns: [], body: [], offset: caseStart))
        }
      }
      _ = parser.expect(.rightBrace)
      return .switchStatement(subject, cases, offset: start)
    }
  }

  /// `case patterns:` / `default:` labels and their statements.
  mutating func parseSwitchCases(single: Bool = false) -> [SwitchCase] {
    var cases: [SwitchCase] = []
    while !atEnd, current.kind != .rightBrace {
      if current.kind == .poundKeyword, isDirective(["#else", "#elseif", "#endif", "#if"]) {
        break
      }
      let start = offset
      if current.kind == .at { advance(); advance() }  // @unknown
      var patterns: [Expr] = []
      if at("case") {
        advance()
        while !atEnd, current.kind != .colon {
          let before = index
          patterns.append(parsePattern())
          if at("where") {
            advance()
            _ = parseExpression(trailingClosures: false)
          }
          if current.kind == .comma {
            advance()
          } else if index == before {
            skipBalanced()
          } else {
            break
          }
        }
      } else if at("default") {
        advance()
      } else {
        break
      }
      _ = expect(.colon)
      cases.append(
        SwitchCase(patterns: patterns, body: parseStatements(stopAtCase: true), offset: start))
      if single { break }
    }
    return cases
  }

  mutating func parseDo() -> Statement {
    let start = offset
    advance()
    if at("throws") {
      advance()
      if current.kind == .leftParen { skipBalanced() }
    }
    let body = parseBlock()
    var catches: [[Statement]] = []
    while at("catch") {
      advance()
      // The pattern and `where` clause, up to the body.
      while !atEnd, current.kind != .leftBrace, current.kind != .rightBrace { skipBalanced() }
      catches.append(parseBlock())
    }
    return .doStatement(body: body, catches: catches, offset: start)
  }

  /// `#if condition … #elseif … #else … #endif`, each clause's elements read by `body`.
  mutating func parseConditional<Element>(
    _ body: (inout Parser) -> [Element]
  ) -> [ConditionalClause<Element>] {
    nested([]) { parser in
      var clauses: [ConditionalClause<Element>] = []
      var condition: Expr? = parser.parseDirectiveCondition()
      while true {
        let start = parser.offset
        let elements = body(&parser)
        clauses.append(ConditionalClause(condition: condition, elements: elements, offset: start))
        guard parser.current.kind == .poundKeyword else { break }
        if parser.bytesEqual(parser.current, "#elseif") {
          condition = parser.parseDirectiveCondition()
        } else if parser.bytesEqual(parser.current, "#else") {
          parser.advance()
          condition = nil
        } else {
          if parser.bytesEqual(parser.current, "#endif") { parser.advance() }
          break
        }
      }
      return clauses
    }
  }

  /// After `#if` / `#elseif`: the condition, which ends with its line.
  mutating func parseDirectiveCondition() -> Expr {
    advance()
    let start = index
    var end = index
    while tokens[end].kind != .end, !tokens[end].newlineBefore { end += 1 }
    guard end > start else { return .unknown(offset: offset) }
    var sub = Parser(file: file, stream: TokenStream(tokens: [], literals: literals), depth: depth)
    sub.tokens =
      Array(tokens[start..<end]) + [
        Token(
          kind: .end, spaceBefore: true, newlineBefore: true, start: tokens[end].start,
          end: tokens[end].start, literal: -1)
      ]
    index = end
    return sub.parseExpression(trailingClosures: false)
  }
}
