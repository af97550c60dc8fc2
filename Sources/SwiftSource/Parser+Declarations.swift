/// Declarations: attributes, modifiers, variables and their accessors, functions, types,
/// enum cases.
extension Parser {
  mutating func parseAttributes() -> [Attribute] {
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

  mutating func parseDeclaration() -> Declaration {
    let start = offset
    let attributes = parseAttributes()
    var modifiers: [String] = []
    while isKeyword(current, in: Self.modifierKeywords) {
      if at("class"), !isKeyword(token(1), in: Self.declarationKeywords + Self.modifierKeywords) {
        break
      }
      modifiers.append(text(current))
      advance()
      if current.kind == .leftParen, !current.spaceBefore { skipBalanced() }
    }
    var declaration = Declaration(
      kind: .other, attributes: attributes, modifiers: modifiers, offset: start)
    guard current.kind == .identifier else {
      if current.kind == .poundKeyword, bytesEqual(current, "#if") {
        // Attributes before `#if` (rare): the clauses as declarations.
        declaration.kind = .conditional(parseConditional { $0.parseMembers() })
      } else if current.kind == .poundKeyword, !attributes.isEmpty {
        // A freestanding macro with attributes (`@available(iOS 18, *) #Preview { … }`).
        declaration.kind = .macro(parseExpression())
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
      if current.kind == .op, !current.spaceBefore,
        bytesEqual(current, "?") || bytesEqual(current, "!")
      {
        advance()
      }
      declaration.kind = .function(parseFunctionRest(name: "init"))
    } else if at("subscript") {
      advance()
      declaration.kind = .function(parseFunctionRest(name: "subscript"))
    } else if at("deinit") {
      advance()
      declaration.kind = .function(
        FunctionDeclaration(
          name: "deinit", parameters: [], result: nil, body: parseBlock(), containsStrings: true))
    } else if at("struct") || at("class") || at("enum") || at("actor") || at("protocol")
      || at("extension")
    {
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
      while !atEnd, current.kind != .rightBrace,
        !current.newlineBefore
          || file.lineColumn(of: offset).line == line
      {
        skipBalanced()
      }
    }
    return declaration
  }

  /// Members of a type: its body's declarations (statements that are not are dropped).
  mutating func parseMembers() -> [Declaration] {
    parseStatements().compactMap(Self.declaration(of:))
  }

  static func declaration(of statement: Statement) -> Declaration? {
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
        return Declaration(
          kind: .macro(expression), attributes: [], modifiers: [], offset: expression.offset)
      }
      return nil
    default:
      return nil
    }
  }

  mutating func parseTypeDeclaration() -> TypeDeclaration {
    let keyword = text(current)
    advance()
    var typeName = ""
    var genericParameters: [String] = []
    if keyword == "extension" {
      if case .named(let components) = parseType() {
        typeName = components.map(\.name).joined(separator: ".")
      }
    } else if current.kind == .identifier {
      typeName = name(current)
      advance()
      if current.kind == .op, bytesEqual(current, "<") { genericParameters = skipGenericClause() }
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
    return TypeDeclaration(
      keyword: keyword, name: typeName, inheritance: inheritance, members: members,
      genericParameters: genericParameters)
  }

  /// `where` requirements, up to the body.
  mutating func skipWhereClause() {
    guard at("where") else { return }
    while !atEnd, current.kind != .leftBrace, current.kind != .rightBrace {
      skipBalanced()
    }
  }

  /// `<T: P, U>` in a declaration: skipped, its parameters' names returned.
  @discardableResult
  mutating func skipGenericClause() -> [String] {
    var level = 0
    var names: [String] = []
    var atParameter = false
    repeat {
      if current.kind == .op {
        for byte in file.bytes[current.range] {
          if byte == UInt8(ascii: "<") { level += 1 }
          if byte == UInt8(ascii: ">") { level -= 1 }
        }
        atParameter = level == 1 && file.bytes[current.range].last == UInt8(ascii: "<")
        advance()
      } else if current.kind == .leftBrace || current.kind == .rightBrace || atEnd {
        return names
      } else {
        if atParameter, current.kind == .identifier { names.append(name(current)) }
        atParameter = level == 1 && current.kind == .comma
        skipBalanced()
      }
    } while level > 0
    return names
  }

  /// After a function's name (or `init`, `subscript`): generics, parameters, effects, result, body.
  mutating func parseFunctionRest(name functionName: String) -> FunctionDeclaration {
    if current.kind == .op, bytesEqual(current, "<") || bytesEqual(current, "<<") {
      skipGenericClause()
    }
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
    let stringsBefore = stringCount
    if current.kind == .leftBrace {
      if functionName == "subscript" {
        body = parseAccessorBlock().getter
      } else {
        body = parseBlock()
      }
    }
    return FunctionDeclaration(
      name: functionName, parameters: parameters, result: result, body: body,
      containsStrings: stringCount > stringsBefore)
  }

  /// `(label name: Type = default, …)`.
  /// A parameter clause; with `associatedValues`, an enum case's, whose elements may be types
  /// without a label (`case ok(LocalizedStringKey, Int)`).
  mutating func parseParameterList(associatedValues: Bool = false) -> [Parameter] {
    nested([]) { parser in
      var parameters: [Parameter] = []
      parser.advance()
      while !parser.atEnd, parser.current.kind != .rightParen {
        let before = parser.index
        let start = parser.offset
        _ = parser.parseAttributes()
        let elementStart = parser.index
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
        if associatedValues, parser.current.kind != .colon {
          // An unlabelled associated value: its type.
          parser.index = elementStart
          names = [nil]
          type = parser.parseType()
        } else if parser.current.kind == .colon {
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

  mutating func parseVariable() -> VariableDeclaration {
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
      let stringsBefore = stringCount
      if current.kind == .leftBrace, !(initializer != nil && current.newlineBefore) {
        let accessors = parseAccessorBlock()
        getter = accessors.getter
        others = accessors.others
      }
      bindings.append(
        Binding(
          names: names, type: type, initializer: initializer, getter: getter,
          otherAccessors: others, accessorsContainStrings: stringCount > stringsBefore,
          offset: start))
      guard current.kind == .comma else { break }
      advance()
    }
    return VariableDeclaration(isLet: isLet, bindings: bindings)
  }

  /// A computed property's or subscript's braces: `{ get { … } set { … } }` or `{ body }`.
  mutating func parseAccessorBlock() -> (getter: [Statement]?, others: [[Statement]]) {
    let accessorNames: [StaticString] = [
      "get", "set", "willSet", "didSet", "_read", "_modify", "unsafeAddress",
      "unsafeMutableAddress",
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

  mutating func parseEnumCase() -> [EnumElement] {
    advance()
    var elements: [EnumElement] = []
    while current.kind == .identifier {
      let start = offset
      let elementName = name(current)
      advance()
      var parameters: [Parameter] = []
      if current.kind == .leftParen { parameters = parseParameterList(associatedValues: true) }
      var rawValue: Expr?
      if atOperator("=") {
        advance()
        rawValue = parseExpression()
      }
      elements.append(
        EnumElement(name: elementName, rawValue: rawValue, parameters: parameters, offset: start))
      guard current.kind == .comma else { break }
      advance()
    }
    return elements
  }

}
