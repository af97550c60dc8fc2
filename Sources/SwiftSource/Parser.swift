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
  private let file: SourceFile
  private var tokens: [Token]
  private let literals: [StringLiteral]
  private var index = 0
  private var depth = 0
  /// Reading a pattern before `=` (`case .some(let x) = value`): `=` ends the expression.
  private var inPattern = false
  public static let maximumDepth = 160

  /// Parses a whole file.
  public static func parse(_ file: SourceFile) -> SourceTree {
    var parser = Parser(file: file, stream: Lexer.tokenize(file.bytes), depth: 0)
    return SourceTree(file: file, statements: parser.parseStatements())
  }

  private init(file: SourceFile, stream: TokenStream, depth: Int) {
    self.file = file
    tokens = stream.tokens
    literals = stream.literals
    self.depth = depth
  }

  // MARK: - Tokens

  private var current: Token { tokens[index] }

  private func token(_ offset: Int) -> Token {
    tokens[min(index + offset, tokens.count - 1)]
  }

  private var atEnd: Bool { current.kind == .end }

  private mutating func advance() {
    if index < tokens.count - 1 { index += 1 }
  }

  private func bytesEqual(_ token: Token, _ word: StaticString) -> Bool {
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
  private func at(_ word: StaticString) -> Bool {
    current.kind == .identifier && bytesEqual(current, word)
  }

  private func token(_ offset: Int, is word: StaticString) -> Bool {
    let token = token(offset)
    return token.kind == .identifier && bytesEqual(token, word)
  }

  private func atOperator(_ text: StaticString) -> Bool {
    current.kind == .op && bytesEqual(current, text)
  }

  private func text(_ token: Token) -> String {
    file.text(token.range)
  }

  /// An identifier's name without backquotes.
  private func name(_ token: Token) -> String {
    var range = token.range
    if file.bytes.indices.contains(range.lowerBound), file.bytes[range.lowerBound] == UInt8(ascii: "`") {
      range = (range.lowerBound + 1)..<max(range.lowerBound + 1, range.upperBound - 1)
    }
    return file.text(range)
  }

  private var offset: Int { Int(current.start) }

  /// Whether a token has whitespace (or a line break) right after it.
  private func spaceAfter(_ position: Int) -> Bool {
    let next = tokens[min(position + 1, tokens.count - 1)]
    return next.spaceBefore || next.kind == .end
  }

  /// Steps over one token; an opening bracket with everything up to its match.
  private mutating func skipBalanced() {
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

  private mutating func expect(_ kind: TokenKind) -> Bool {
    if current.kind == kind {
      advance()
      return true
    }
    return false
  }

  /// Runs `body` one level deeper, or skips the construct when the parser is too deep.
  private mutating func nested<T>(_ fallback: T, _ body: (inout Parser) -> T) -> T {
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
  private mutating func parseStatements(stopAtCase: Bool = false) -> [Statement] {
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

  private func isDirective(_ names: [StaticString]) -> Bool {
    names.contains { bytesEqual(current, $0) }
  }

  private static let declarationKeywords: [StaticString] = [
    "let", "var", "func", "init", "deinit", "subscript", "struct", "class", "enum", "actor",
    "protocol", "extension", "typealias", "associatedtype", "import", "operator",
    "precedencegroup", "macro",
  ]

  private static let modifierKeywords: [StaticString] = [
    "public", "private", "fileprivate", "internal", "open", "package", "static", "final",
    "override", "mutating", "nonmutating", "lazy", "weak", "unowned", "optional", "required",
    "convenience", "dynamic", "indirect", "prefix", "postfix", "infix", "nonisolated",
    "isolated", "distributed", "consuming", "borrowing", "__consuming", "class",
  ]

  private func isKeyword(_ token: Token, in list: [StaticString]) -> Bool {
    token.kind == .identifier && list.contains { bytesEqual(token, $0) }
  }

  /// Whether a declaration starts here: attributes, modifiers followed by a declaration keyword,
  /// or a declaration keyword.
  private func startsDeclaration() -> Bool {
    if current.kind == .at { return true }
    var position = 0
    while isKeyword(token(position), in: Self.modifierKeywords) {
      // `class Foo` is a declaration keyword; `class func` a modifier.
      if token(position, is: "class"), !isKeyword(token(position + 1), in: Self.declarationKeywords + Self.modifierKeywords) {
        return true
      }
      position += 1
      // private(set), unowned(unsafe), nonisolated(unsafe)
      if token(position).kind == .leftParen,
        token(position + 1, is: "set") || token(position + 1, is: "unsafe") || token(position + 1, is: "safe")
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

  private mutating func parseStatement() -> Statement {
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
        if atEnd || current.kind == .rightBrace || current.kind == .semicolon || current.newlineBefore
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
  private mutating func parseBlock() -> [Statement] {
    guard current.kind == .leftBrace else { return [] }
    return nested([]) { parser in
      parser.advance()
      let statements = parser.parseStatements()
      _ = parser.expect(.rightBrace)
      return statements
    }
  }

  private mutating func parseIf() -> Statement {
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
  private mutating func parseConditions() -> [Condition] {
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
  private mutating func parsePatternNames() -> [String] {
    var names: [String] = []
    if current.kind == .leftParen {
      let open = index
      skipBalanced()
      for position in (open + 1)..<max(open + 1, index - 1) {
        let token = tokens[position]
        if token.kind == .identifier, tokens[position + 1].kind == .comma || tokens[position + 1].kind == .rightParen,
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

  /// A `case` pattern: `.some(let x)`, `let .a(b)`, `is T`, `let x as T`, an expression.
  private mutating func parsePattern() -> Expr {
    let start = offset
    if at("let") || at("var") { advance() }
    if at("is") {
      advance()
      return .type(parseType(), offset: start)
    }
    let saved = inPattern
    inPattern = true
    defer { inPattern = saved }
    return parseExpression(trailingClosures: false)
  }

  private mutating func parseFor() -> Statement {
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

  private mutating func parseSwitch() -> Statement {
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
  private mutating func parseSwitchCases(single: Bool = false) -> [SwitchCase] {
    var cases: [SwitchCase] = []
    while !atEnd, current.kind != .rightBrace {
      if current.kind == .poundKeyword, isDirective(["#else", "#elseif", "#endif", "#if"]) { break }
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
          if current.kind == .comma { advance() } else if index == before { skipBalanced() } else { break }
        }
      } else if at("default") {
        advance()
      } else {
        break
      }
      _ = expect(.colon)
      cases.append(SwitchCase(patterns: patterns, body: parseStatements(stopAtCase: true), offset: start))
      if single { break }
    }
    return cases
  }

  private mutating func parseDo() -> Statement {
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
  private mutating func parseConditional<Element>(
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
  private mutating func parseDirectiveCondition() -> Expr {
    advance()
    let start = index
    var end = index
    while tokens[end].kind != .end, !tokens[end].newlineBefore { end += 1 }
    guard end > start else { return .unknown(offset: offset) }
    var sub = Parser(file: file, stream: TokenStream(tokens: [], literals: literals), depth: depth)
    sub.tokens = Array(tokens[start..<end]) + [
      Token(
        kind: .end, spaceBefore: true, newlineBefore: true, start: tokens[end].start,
        end: tokens[end].start, literal: -1)
    ]
    index = end
    return sub.parseExpression(trailingClosures: false)
  }

  // MARK: - Declarations

  private mutating func parseAttributes() -> [Attribute] {
    var attributes: [Attribute] = []
    while current.kind == .at {
      let start = offset
      advance()
      var attributeName = current.kind == .identifier ? name(current) : ""
      advance()
      while current.kind == .period, !current.spaceBefore, token(1).kind == .identifier {
        advance()
        attributeName += "." + name(current)
        advance()
      }
      if current.kind == .op, bytesEqual(current, "<"), !current.spaceBefore {
        skipGenericClause()
      }
      var arguments: [Argument]?
      if current.kind == .leftParen, !current.spaceBefore {
        arguments = parseArgumentList()
      }
      attributes.append(Attribute(name: attributeName, arguments: arguments, offset: start))
    }
    return attributes
  }

  private mutating func parseDeclaration() -> Declaration {
    let start = offset
    let attributes = parseAttributes()
    var modifiers: [String] = []
    while isKeyword(current, in: Self.modifierKeywords) {
      if at("class"), !isKeyword(token(1), in: Self.declarationKeywords + Self.modifierKeywords) { break }
      modifiers.append(text(current))
      advance()
      if current.kind == .leftParen, !current.spaceBefore { skipBalanced() }
    }
    var declaration = Declaration(kind: .other, attributes: attributes, modifiers: modifiers, offset: start)
    guard current.kind == .identifier else {
      if current.kind == .poundKeyword, bytesEqual(current, "#if") {
        // Attributes before `#if` (rare): the clauses as declarations.
        declaration.kind = .conditional(parseConditional { $0.parseMembers() })
      }
      return declaration
    }
    if at("let") || at("var") {
      declaration.kind = .variable(parseVariable())
    } else if at("func") {
      advance()
      var functionName = ""
      if current.kind == .identifier || current.kind == .op {
        functionName = current.kind == .identifier ? name(current) : text(current)
        advance()
      }
      declaration.kind = .function(parseFunctionRest(name: functionName))
    } else if at("init") {
      advance()
      if current.kind == .op, !current.spaceBefore, bytesEqual(current, "?") || bytesEqual(current, "!") {
        advance()
      }
      declaration.kind = .function(parseFunctionRest(name: "init"))
    } else if at("subscript") {
      advance()
      declaration.kind = .function(parseFunctionRest(name: "subscript"))
    } else if at("deinit") {
      advance()
      declaration.kind = .function(
        FunctionDeclaration(name: "deinit", parameters: [], result: nil, body: parseBlock()))
    } else if at("struct") || at("class") || at("enum") || at("actor") || at("protocol") || at("extension") {
      declaration.kind = .type(parseTypeDeclaration())
    } else if at("typealias") {
      advance()
      let aliasName = current.kind == .identifier ? name(current) : ""
      advance()
      if current.kind == .op, bytesEqual(current, "<") { skipGenericClause() }
      var type = TypeSyntax.unknown
      if atOperator("=") {
        advance()
        type = parseType()
      }
      declaration.kind = .typeAlias(name: aliasName, type)
    } else if at("import") {
      advance()
      if at("struct") || at("class") || at("enum") || at("func") || at("var") || at("let")
        || at("protocol") || at("typealias")
      {
        advance()
      }
      var path = ""
      while current.kind == .identifier || current.kind == .period {
        path += text(current)
        advance()
        if current.newlineBefore { break }
      }
      declaration.kind = .importDeclaration(path)
    } else if at("case") {
      declaration.kind = .enumCase(parseEnumCase())
    } else if at("precedencegroup") {
      advance()
      advance()
      skipBalanced()
    } else {
      // associatedtype, operator, macro: the rest of the line, with any brackets.
      let line = file.lineColumn(of: offset).line
      advance()
      while !atEnd, current.kind != .rightBrace, !current.newlineBefore
        || file.lineColumn(of: offset).line == line
      {
        skipBalanced()
      }
    }
    return declaration
  }

  /// Members of a type: its body's declarations (statements that are not are dropped).
  private mutating func parseMembers() -> [Declaration] {
    parseStatements().compactMap(Self.declaration(of:))
  }

  private static func declaration(of statement: Statement) -> Declaration? {
    switch statement {
    case .declaration(let declaration):
      return declaration
    case .conditional(let clauses, let offset):
      let members = clauses.map { clause in
        ConditionalClause(
          condition: clause.condition, elements: clause.elements.compactMap(declaration(of:)),
          offset: clause.offset)
      }
      return Declaration(kind: .conditional(members), attributes: [], modifiers: [], offset: offset)
    case .expression(let expression):
      if case .macro = expression {
        return Declaration(kind: .macro(expression), attributes: [], modifiers: [], offset: expression.offset)
      }
      return nil
    default:
      return nil
    }
  }

  private mutating func parseTypeDeclaration() -> TypeDeclaration {
    let keyword = text(current)
    advance()
    var typeName = ""
    if keyword == "extension" {
      if case .named(let components) = parseType() {
        typeName = components.map(\.name).joined(separator: ".")
      }
    } else if current.kind == .identifier {
      typeName = name(current)
      advance()
      if current.kind == .op, bytesEqual(current, "<") { skipGenericClause() }
    }
    var inheritance: [TypeSyntax] = []
    if current.kind == .colon {
      advance()
      while !atEnd {
        inheritance.append(parseType())
        guard current.kind == .comma else { break }
        advance()
      }
    }
    skipWhereClause()
    var members: [Declaration] = []
    if current.kind == .leftBrace {
      members = nested([]) { parser in
        parser.advance()
        let members = parser.parseMembers()
        _ = parser.expect(.rightBrace)
        return members
      }
    }
    return TypeDeclaration(keyword: keyword, name: typeName, inheritance: inheritance, members: members)
  }

  /// `where` requirements, up to the body.
  private mutating func skipWhereClause() {
    guard at("where") else { return }
    while !atEnd, current.kind != .leftBrace, current.kind != .rightBrace {
      skipBalanced()
    }
  }

  /// `<T: P, U>` in a declaration: skipped.
  private mutating func skipGenericClause() {
    var level = 0
    repeat {
      if current.kind == .op {
        for byte in file.bytes[current.range] {
          if byte == UInt8(ascii: "<") { level += 1 }
          if byte == UInt8(ascii: ">") { level -= 1 }
        }
        advance()
      } else if current.kind == .leftBrace || current.kind == .rightBrace || atEnd {
        return
      } else {
        skipBalanced()
      }
    } while level > 0
  }

  /// After a function's name (or `init`, `subscript`): generics, parameters, effects, result, body.
  private mutating func parseFunctionRest(name functionName: String) -> FunctionDeclaration {
    if current.kind == .op, bytesEqual(current, "<") || bytesEqual(current, "<<") { skipGenericClause() }
    var parameters: [Parameter] = []
    if current.kind == .leftParen {
      parameters = parseParameterList()
    }
    while at("async") || at("throws") || at("rethrows") || at("reasync") {
      advance()
      if current.kind == .leftParen, !current.spaceBefore { skipBalanced() }
    }
    var result: TypeSyntax?
    if atOperator("->") {
      advance()
      result = parseType()
    }
    skipWhereClause()
    var body: [Statement]?
    if current.kind == .leftBrace {
      if functionName == "subscript" {
        body = parseAccessorBlock().getter
      } else {
        body = parseBlock()
      }
    }
    return FunctionDeclaration(name: functionName, parameters: parameters, result: result, body: body)
  }

  /// `(label name: Type = default, …)`.
  private mutating func parseParameterList() -> [Parameter] {
    nested([]) { parser in
      var parameters: [Parameter] = []
      parser.advance()
      while !parser.atEnd, parser.current.kind != .rightParen {
        let before = parser.index
        let start = parser.offset
        _ = parser.parseAttributes()
        var names: [String?] = []
        while parser.current.kind == .identifier || parser.current.kind == .dollarIdentifier,
          names.count < 2
        {
          let word = parser.name(parser.current)
          names.append(word == "_" ? nil : word)
          parser.advance()
        }
        var type: TypeSyntax?
        var isVariadic = false
        if parser.current.kind == .colon {
          parser.advance()
          type = parser.parseType()
          if parser.atOperator("...") {
            isVariadic = true
            parser.advance()
          }
        }
        var defaultValue: Expr?
        if parser.atOperator("=") {
          parser.advance()
          defaultValue = parser.parseExpression()
        }
        let label = names.first ?? nil
        let innerName = (names.count > 1 ? names[1] : names.first ?? nil) ?? "_"
        if !names.isEmpty {
          parameters.append(
            Parameter(
              label: label, name: innerName, type: type, defaultValue: defaultValue,
              isVariadic: isVariadic, offset: start))
        }
        if parser.current.kind == .comma {
          parser.advance()
        } else if parser.index == before || parser.current.kind != .rightParen {
          parser.skipBalanced()
        }
      }
      _ = parser.expect(.rightParen)
      return parameters
    }
  }

  private mutating func parseVariable() -> VariableDeclaration {
    let isLet = at("let")
    advance()
    var bindings: [Binding] = []
    while !atEnd {
      let start = offset
      let names = parsePatternNames()
      var type: TypeSyntax?
      if current.kind == .colon {
        advance()
        type = parseType()
      }
      var initializer: Expr?
      if atOperator("=") {
        advance()
        initializer = parseExpression()
      }
      var getter: [Statement]?
      var others: [[Statement]] = []
      if current.kind == .leftBrace, !(initializer != nil && current.newlineBefore) {
        let accessors = parseAccessorBlock()
        getter = accessors.getter
        others = accessors.others
      }
      bindings.append(
        Binding(
          names: names, type: type, initializer: initializer, getter: getter,
          otherAccessors: others, offset: start))
      guard current.kind == .comma else { break }
      advance()
    }
    return VariableDeclaration(isLet: isLet, bindings: bindings)
  }

  /// A computed property's or subscript's braces: `{ get { … } set { … } }` or `{ body }`.
  private mutating func parseAccessorBlock() -> (getter: [Statement]?, others: [[Statement]]) {
    let accessorNames: [StaticString] = [
      "get", "set", "willSet", "didSet", "_read", "_modify", "unsafeAddress", "unsafeMutableAddress",
      "init", "read", "modify",
    ]
    var position = 1
    while token(position).kind == .at { position += 2 }
    while isKeyword(token(position), in: Self.modifierKeywords) { position += 1 }
    let isAccessorList =
      isKeyword(token(position), in: accessorNames)
      && (token(position + 1).kind == .leftBrace || token(position + 1).kind == .rightBrace
        || token(position + 1).kind == .leftParen || token(position + 1, is: "async")
        || token(position + 1, is: "throws") || isKeyword(token(position + 1), in: accessorNames))
    guard isAccessorList else { return (parseBlock(), []) }
    return nested((nil, [])) { parser in
      parser.advance()
      var getter: [Statement]?
      var others: [[Statement]] = []
      while !parser.atEnd, parser.current.kind != .rightBrace {
        let before = parser.index
        _ = parser.parseAttributes()
        while parser.isKeyword(parser.current, in: Self.modifierKeywords) { parser.advance() }
        let isGetter = parser.at("get") || parser.at("_read") || parser.at("read")
        parser.advance()
        if parser.current.kind == .leftParen { parser.skipBalanced() }
        while parser.at("async") || parser.at("throws") { parser.advance() }
        if parser.current.kind == .leftBrace {
          let body = parser.parseBlock()
          if isGetter { getter = body } else { others.append(body) }
        } else if isGetter {
          getter = getter ?? []
        }
        if parser.index == before { parser.skipBalanced() }
      }
      _ = parser.expect(.rightBrace)
      return (getter, others)
    }
  }

  private mutating func parseEnumCase() -> [EnumElement] {
    advance()
    var elements: [EnumElement] = []
    while current.kind == .identifier {
      let start = offset
      let elementName = name(current)
      advance()
      var parameters: [Parameter] = []
      if current.kind == .leftParen { parameters = parseParameterList() }
      var rawValue: Expr?
      if atOperator("=") {
        advance()
        rawValue = parseExpression()
      }
      elements.append(EnumElement(name: elementName, rawValue: rawValue, parameters: parameters, offset: start))
      guard current.kind == .comma else { break }
      advance()
    }
    return elements
  }

  // MARK: - Types

  public static let typeSpecifiers: [StaticString] = [
    "inout", "borrowing", "consuming", "__owned", "__shared", "sending", "isolated", "each",
    "repeat", "nonisolated",
  ]

  private mutating func parseType() -> TypeSyntax {
    nested(.unknown) { parser in parser.parseTypeUnnested() }
  }

  private mutating func parseTypeUnnested() -> TypeSyntax {
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
      while !atEnd, current.kind != .rightParen {
        let before = index
        // Tuple element labels: `(name: Type)`.
        if current.kind == .identifier, token(1).kind == .colon { advance(); advance() }
        if current.kind == .identifier, token(1).kind == .identifier, token(2).kind == .colon {
          advance(); advance(); advance()
        }
        elements.append(parseType())
        if atOperator("...") { advance() }
        if current.kind == .comma { advance() } else if index == before { skipBalanced() }
        if current.kind != .comma, current.kind != .rightParen, index == before { break }
      }
      _ = expect(.rightParen)
      type = elements.count == 1 ? elements[0] : .tuple(elements)
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
      if current.kind == .op, !current.spaceBefore, bytesEqual(current, "?") || bytesEqual(current, "!") {
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

  private mutating func parseTypeComponents() -> [TypeComponent] {
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

  private func firstByte(_ token: Token) -> UInt8 {
    file.bytes.indices.contains(Int(token.start)) ? file.bytes[Int(token.start)] : 0
  }

  /// At an operator starting with `<`: the generic arguments up to the matching `>`, splitting
  /// `>>` and `>=` tokens as the grammar does.
  private mutating func parseGenericArguments() -> [TypeSyntax] {
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
      if current.kind == .rightParen || current.kind == .rightBrace || current.kind == .leftBrace { break }
    }
    return arguments
  }

  /// Splits an operator token after its first byte (`>>` → `>` `>`), in place.
  private mutating func splitOperator() {
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
  private func genericArgumentsFollow() -> Bool {
    guard current.kind == .op, !current.spaceBefore, bytesEqual(current, "<") else { return false }
    var level = 1
    var position = index + 1
    var steps = 0
    while position < tokens.count - 1, steps < 64 {
      let token = tokens[position]
      steps += 1
      switch token.kind {
      case .identifier, .period, .comma, .leftBracket, .rightBracket, .leftParen, .rightParen, .colon:
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
              return level == 0 && (bytesEqual(next, "?") || bytesEqual(next, "!") || next.spaceBefore)
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

  // MARK: - Expressions

  /// An expression: prefix and postfix expressions joined by infix operators, casts and `?:`.
  /// `trailingClosures: false` in a statement's condition, where `{` starts the body.
  public mutating func parseExpression(trailingClosures: Bool = true) -> Expr {
    nested(.unknown(offset: offset)) { parser in parser.parseSequence(trailingClosures) }
  }

  private mutating func parseSequence(_ trailingClosures: Bool) -> Expr {
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
        guard current.kind == .identifier || current.kind == .leftParen || current.kind == .leftBracket
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
  private mutating func parsePrefixed(_ trailingClosures: Bool) -> Expr {
    let start = offset
    let operandFollows =
      (token(1).kind == .identifier || token(1).kind == .dollarIdentifier) && !token(1).newlineBefore
    if current.kind == .identifier,
      at("try") || at("await")
        || (at("consume") || at("copy") || at("unsafe") || at("each") || at("repeat")) && operandFollows
    {
      let isTry = at("try")
      advance()
      if isTry, current.kind == .op, !current.spaceBefore, bytesEqual(current, "?") || bytesEqual(current, "!") {
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
  private func isExpressionStartBefore() -> Bool {
    guard index > 0 else { return true }
    switch tokens[index - 1].kind {
    case .leftParen, .leftBracket, .leftBrace, .comma, .colon, .semicolon, .op: return true
    default: return false
    }
  }

  private mutating func parsePostfix(_ trailingClosures: Bool) -> Expr {
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
        if current.kind == .op, !current.spaceBefore, bytesEqual(current, "<"), genericArgumentsFollow() {
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
      case .op where !token.spaceBefore && spaceAfter(index) && !bytesEqual(token, "=")
        && !bytesEqual(token, "<") && !bytesEqual(token, "->"):
        advance()
        base = .postfix(base, text(token))
      case .op where !token.spaceBefore && bytesEqual(token, "<") && genericArgumentsFollow():
        let arguments = parseGenericArguments()
        if case .name(let typeName, let offset) = base {
          base = .type(.named([TypeComponent(name: typeName, arguments: arguments)]), offset: offset)
        }
      case .poundKeyword where bytesEqual(token, "#if") && token.newlineBefore && postfixClauseFollows():
        let baseValue = base
        let clauses = parseConditional { parser -> [Expr] in
          [parser.parsePostfixChain(on: baseValue, trailingClosures)]
        }
        base = .conditionalPostfix(base, clauses)
      default:
        return base
      }
    }
  }

  /// After `#if condition`: whether the clause holds postfix members (`.padding()`).
  private func postfixClauseFollows() -> Bool {
    var position = index + 1
    let line = file.lineColumn(of: Int(tokens[index].start)).line
    while position < tokens.count - 1, file.lineColumn(of: Int(tokens[position].start)).line == line {
      position += 1
    }
    return tokens[position].kind == .period
  }

  /// The postfix members of an `#if` clause, applied to `base`.
  private mutating func parsePostfixChain(on base: Expr, _ trailingClosures: Bool) -> Expr {
    var expression = base
    while current.kind == .period, token(1).kind == .identifier {
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

  private func isCallable(_ expression: Expr) -> Bool {
    switch expression {
    case .name, .member, .call, .implicitMember, .macro, .type, .subscripted: true
    default: false
    }
  }

  /// `{ … }` after a callee, and labelled trailing closures after it (`} label: { … }`).
  private mutating func parseTrailingClosures(_ base: Expr) -> Expr {
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
  private mutating func parseArgumentList(closer: TokenKind = .rightParen) -> [Argument] {
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

  private mutating func parsePrimary(_ trailingClosures: Bool) -> Expr {
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
      if current.kind == .op, !current.spaceBefore, bytesEqual(current, "<"), genericArgumentsFollow() {
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

  private mutating func parseCollectionLiteral() -> Expr {
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
  private mutating func parseClosure() -> Expr {
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
  private func closureSignatureEnd() -> Int? {
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
        guard token.kind == .dollarIdentifier || !isKeyword(token, in: Self.statementKeywords) else {
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

  private static let statementKeywords: [StaticString] = [
    "for", "if", "let", "var", "return", "guard", "switch", "while", "case", "try", "await",
    "defer", "do", "repeat", "throw", "func", "break", "continue", "self", "super", "true",
    "false", "nil",
  ]

  /// The index of the bracket matching the one at `position` (or the last token).
  private func matching(_ position: Int) -> Int {
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
  private mutating func parseKeyPath() -> Expr {
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
      } else if current.kind == .op, !current.spaceBefore, bytesEqual(current, "?") || bytesEqual(current, "!") {
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
  private func stringLiteral(_ token: Token) -> StringLiteralExpression {
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

  private func parseInterpolation(_ range: Range<Int>) -> [Argument] {
    guard depth < Self.maximumDepth else { return [] }
    let stream = Lexer.tokenize(file.bytes, range: range)
    var sub = Parser(file: file, stream: stream, depth: depth + 1)
    // The interpolation's tokens are an argument list without its parentheses.
    let open = Token(kind: .leftParen, spaceBefore: false, newlineBefore: false, start: Int32(range.lowerBound), end: Int32(range.lowerBound), literal: -1)
    let close = Token(kind: .rightParen, spaceBefore: false, newlineBefore: false, start: Int32(range.upperBound), end: Int32(range.upperBound), literal: -1)
    sub.tokens = [open] + stream.tokens.dropLast() + [close, stream.tokens[stream.tokens.count - 1]]
    return sub.parseArgumentList()
  }
}
