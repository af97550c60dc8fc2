/// The syntax tree the parser builds: declarations, statements, expressions and types, with the
/// byte offset each starts at. It keeps what reading an app's strings needs (calls and their
/// labelled arguments, literals, declarations with their types, `#if` clauses) and drops the rest
/// (generic constraints, most modifiers, operator declarations).

/// A type as written: `Int`, `String.LocalizationValue`, `[String: Int]?`, `some View`.
public indirect enum TypeSyntax: Sendable, Equatable {
  /// A dotted name with each component's generic arguments: `Swift.Array<Int>`.
  case named([TypeComponent])
  case optional(TypeSyntax)
  case array(TypeSyntax)
  case dictionary(TypeSyntax, TypeSyntax)
  case tuple([TypeSyntax])
  case function([TypeSyntax], TypeSyntax)
  /// `some P`, `any P`, `inout T`, `@escaping T`, `P & Q` (first member): what the value is.
  case opaque(TypeSyntax)
  /// A tuple element with its label (`settingsImported: Int` of `(success: Bool,
  /// settingsImported: Int)`).
  case labeled(String, TypeSyntax)
  case unknown

  /// The dotted name of a named type (`String.LocalizationValue`), through optionals.
  public var name: String? {
    switch self {
    case .named(let components): components.map(\.name).joined(separator: ".")
    case .optional(let wrapped), .opaque(let wrapped), .labeled(_, let wrapped): wrapped.name
    default: nil
    }
  }

  /// The type without one level of `?` / `!`.
  public var unwrapped: TypeSyntax {
    if case .optional(let wrapped) = self { return wrapped }
    return self
  }

  public var isOptional: Bool {
    if case .optional = self { return true }
    return false
  }
}

public struct TypeComponent: Sendable, Equatable {
  public var name: String
  public var arguments: [TypeSyntax]

  public init(name: String, arguments: [TypeSyntax] = []) {
    self.name = name
    self.arguments = arguments
  }
}

/// One argument of a call, a subscript, an attribute or an interpolation: `label: value`.
public struct Argument: Sendable {
  public var label: String?
  public var value: Expr
  public var offset: Int

  public init(label: String?, value: Expr, offset: Int) {
    self.label = label
    self.value = value
    self.offset = offset
  }
}

/// A string literal in the tree: the lexer's decoded literal, with each interpolation parsed.
public struct StringLiteralExpression: Sendable {
  public enum Segment: Sendable {
    case text(String)
    /// An interpolation's arguments (`\(count)`, `\(value, specifier: "%.1f")`) and the bytes
    /// between its parentheses.
    case interpolation([Argument], range: Range<Int>)
  }

  public var segments: [Segment]
  public var isMalformed: Bool
  /// Byte range of the whole literal, quotes included.
  public var range: Range<Int>

  public var offset: Int { range.lowerBound }

  public init(segments: [Segment], isMalformed: Bool, range: Range<Int>) {
    self.segments = segments
    self.isMalformed = isMalformed
    self.range = range
  }

  /// A literal the compiler writes where the code has none: an enum case's implicit raw value
  /// (its name), at the name's bytes.
  public init(implicit text: String, at offset: Int) {
    self.init(segments: [.text(text)], isMalformed: false, range: offset..<offset + text.utf8.count)
  }

  public var hasInterpolation: Bool {
    segments.contains { if case .interpolation = $0 { true } else { false } }
  }

  /// The text when there is no interpolation.
  public var plainText: String? {
    var text = ""
    for segment in segments {
      guard case .text(let part) = segment else { return nil }
      text += part
    }
    return text
  }
}

/// A closure: its parameters (names and, where written, types) and body.
public struct Closure: Sendable {
  public var parameters: [Parameter]
  public var body: [Statement]
  public var offset: Int
}

public indirect enum Expr: Sendable {
  /// A name: a variable, a type, `self`, `super`, `$0`.
  case name(String, offset: Int)
  /// `.member` with no base (an implicit member of the contextual type).
  case implicitMember(String, offset: Int)
  /// `base.member` (also through `?.` and `!.`).
  case member(Expr, String, offset: Int)
  /// `callee(arguments) { trailing closures }`; trailing closures are arguments too (the first
  /// unlabelled, the others with their labels).
  case call(Expr, [Argument], trailing: [Argument], offset: Int)
  case subscripted(Expr, [Argument], offset: Int)
  case string(StringLiteralExpression)
  case integer(String, offset: Int)
  case float(String, offset: Int)
  case boolean(Bool, offset: Int)
  case nilLiteral(offset: Int)
  case array([Expr], offset: Int)
  case dictionary([(key: Expr, value: Expr)], offset: Int)
  case closure(Closure)
  /// A parenthesised expression or a tuple: `(a)`, `(x: 1, y: 2)`.
  case tuple([Argument], offset: Int)
  /// Operands joined by infix operators, as written (no precedence applied): `a + b * c` is
  /// operands `[a, b, c]` and operators `["+", "*"]`. The ternary `c ? x : y` is operator `?:`
  /// with `x` in ``InfixOperator/middle``.
  case infix([Expr], [InfixOperator])
  case prefix(String, Expr, offset: Int)
  /// `x!`, `x?`, `x++`…
  case postfix(Expr, String)
  /// `x as T`, `as?`, `as!`, `is`.
  case cast(Expr, kind: String, TypeSyntax)
  /// `\Root.path.to.member`, `\.$url`: the components' names.
  case keyPath([String], offset: Int)
  /// `#name(arguments) { }`: a macro or a pound expression (`#selector`, `#Preview`).
  case macro(String, [Argument], trailing: [Argument], offset: Int)
  /// `if` / `switch` used as an expression (Swift 5.9): the statement.
  case statement(Statement)
  /// `base` followed by `#if` clauses of postfix members: each clause's expression is built on
  /// `base`.
  case conditionalPostfix(Expr, [ConditionalClause<Expr>])
  /// A type in expression position (`[String]()`, `Array<Int>.self`).
  case type(TypeSyntax, offset: Int)
  case unknown(offset: Int)

  public var offset: Int {
    switch self {
    case .name(_, let offset), .implicitMember(_, let offset), .member(_, _, let offset),
      .call(_, _, _, let offset), .subscripted(_, _, let offset), .integer(_, let offset),
      .float(_, let offset), .boolean(_, let offset), .nilLiteral(let offset),
      .array(_, let offset), .dictionary(_, let offset), .tuple(_, let offset),
      .prefix(_, _, let offset), .keyPath(_, let offset), .macro(_, _, _, let offset),
      .type(_, let offset), .unknown(let offset):
      offset
    case .string(let literal): literal.offset
    case .closure(let closure): closure.offset
    case .infix(let operands, _): operands.first?.offset ?? 0
    case .postfix(let base, _), .cast(let base, _, _), .conditionalPostfix(let base, _): base.offset
    case .statement(let statement): statement.offset
    }
  }
}

public struct InfixOperator: Sendable {
  public var text: String
  public var offset: Int
  /// The middle operand of `?:`.
  public var middle: Expr?
}

/// One clause of an `#if`: its condition (nil for `#else`) and what it holds.
public struct ConditionalClause<Element: Sendable>: Sendable {
  public var condition: Expr?
  public var elements: [Element]
  public var offset: Int
}

/// A function's, an initializer's, a subscript's or a closure's parameter.
public struct Parameter: Sendable {
  /// The argument label (`nil` for `_`).
  public var label: String?
  /// The name inside the body.
  public var name: String
  public var type: TypeSyntax?
  public var defaultValue: Expr?
  public var isVariadic: Bool
  public var offset: Int

  public init(
    label: String?, name: String, type: TypeSyntax?, defaultValue: Expr?, isVariadic: Bool,
    offset: Int
  ) {
    self.label = label
    self.name = name
    self.type = type
    self.defaultValue = defaultValue
    self.isVariadic = isVariadic
    self.offset = offset
  }
}

/// A condition of `if`, `guard`, `while`.
public enum Condition: Sendable {
  case expression(Expr)
  /// `let x = value`, `var x: T = value`, `let x` (shorthand: value nil).
  case binding(names: [String], type: TypeSyntax?, value: Expr?, offset: Int)
  /// `case pattern = value`.
  case patternMatch(Expr, Expr)
}

public struct SwitchCase: Sendable {
  public var patterns: [Expr]
  public var body: [Statement]
  public var offset: Int
}

public indirect enum Statement: Sendable {
  case expression(Expr)
  case declaration(Declaration)
  case returnStatement(Expr?, offset: Int)
  case ifStatement([Condition], body: [Statement], elseBody: [Statement]?, offset: Int)
  case guardStatement([Condition], body: [Statement], offset: Int)
  case forIn(names: [String], sequence: Expr, whereClause: Expr?, body: [Statement], offset: Int)
  case whileStatement([Condition], body: [Statement], offset: Int)
  case repeatStatement(body: [Statement], condition: Expr?, offset: Int)
  case switchStatement(Expr, [SwitchCase], offset: Int)
  case doStatement(body: [Statement], catches: [[Statement]], offset: Int)
  case deferStatement([Statement], offset: Int)
  case throwStatement(Expr, offset: Int)
  case conditional([ConditionalClause<Statement>], offset: Int)
  /// `break`, `continue`, `fallthrough`, or what could not be read.
  case other(offset: Int)

  public var offset: Int {
    switch self {
    case .expression(let expression): expression.offset
    case .declaration(let declaration): declaration.offset
    case .returnStatement(_, let offset), .ifStatement(_, _, _, let offset),
      .guardStatement(_, _, let offset), .forIn(_, _, _, _, let offset),
      .whileStatement(_, _, let offset), .repeatStatement(_, _, let offset),
      .switchStatement(_, _, let offset), .doStatement(_, _, let offset),
      .deferStatement(_, let offset), .throwStatement(_, let offset),
      .conditional(_, let offset), .other(let offset):
      offset
    }
  }
}

public struct Attribute: Sendable {
  public var name: String
  /// The parenthesised arguments, nil when there are none.
  public var arguments: [Argument]?
  public var offset: Int
}

public struct Declaration: Sendable {
  public enum Kind: Sendable {
    /// `struct`, `class`, `enum`, `actor`, `protocol`, `extension`.
    case type(TypeDeclaration)
    /// `func`, `init`, `subscript`.
    case function(FunctionDeclaration)
    case variable(VariableDeclaration)
    case enumCase([EnumElement])
    case typeAlias(name: String, TypeSyntax)
    case importDeclaration(String)
    case conditional([ConditionalClause<Declaration>])
    /// A freestanding macro at declaration level (`#Preview { … }`).
    case macro(Expr)
    case other
  }

  public var kind: Kind
  public var attributes: [Attribute]
  /// `static`, `class` (as a modifier), `private`, `mutating`, … as written.
  public var modifiers: [String]
  public var offset: Int

  public var isStatic: Bool { modifiers.contains("static") || modifiers.contains("class") }
}

public struct TypeDeclaration: Sendable {
  /// `struct`, `class`, `enum`, `actor`, `protocol` or `extension`.
  public var keyword: String
  /// The declared (or extended) type's name, dotted for an extension (`String.LocalizationValue`).
  public var name: String
  public var inheritance: [TypeSyntax]
  public var members: [Declaration]
  /// The names of its generic parameters (`enum Load<Value>`: `Value`).
  public var genericParameters: [String] = []
}

public struct FunctionDeclaration: Sendable {
  /// `func`'s name (an operator's text for an operator), `init` or `subscript`.
  public var name: String
  public var parameters: [Parameter]
  public var result: TypeSyntax?
  /// Nil for a requirement without a body.
  public var body: [Statement]?
  /// The body holds a string literal (extraction steps over one that holds none).
  public var containsStrings: Bool
}

public struct VariableDeclaration: Sendable {
  public var isLet: Bool
  public var bindings: [Binding]
}

public struct Binding: Sendable {
  /// The bound names (several for a tuple pattern).
  public var names: [String]
  public var type: TypeSyntax?
  public var initializer: Expr?
  /// A computed property's getter body (or the single body of `{ … }`); nil for a stored one.
  public var getter: [Statement]?
  /// The other accessors' bodies (`set`, `willSet`, `didSet`).
  public var otherAccessors: [[Statement]]
  /// The accessors hold a string literal.
  public var accessorsContainStrings: Bool
  public var offset: Int
}

public struct EnumElement: Sendable {
  public var name: String
  public var rawValue: Expr?
  public var parameters: [Parameter]
  public var offset: Int
}

/// A parsed file.
public struct SourceTree: Sendable {
  public var file: SourceFile
  public var statements: [Statement]
  /// The file holds a string literal.
  public var containsStrings: Bool

  public init(file: SourceFile, statements: [Statement], containsStrings: Bool = true) {
    self.file = file
    self.statements = statements
    self.containsStrings = containsStrings
  }
}
