import LHCBase
import SwiftSource

/// Finds the localizable strings of one parsed file, as Xcode's build extracts them: string
/// literals in the positions of ``localizableAPITable`` and literals whose contextual type is
/// a localizable type (``localizableTypes``): arguments of the scanned sources' own functions
/// and initializers (memberwise ones included), declarations, `return`s and implicit returns of
/// properties and functions of that type, default values, assignments. Only the `#if` clauses
/// that hold under ``BuildConditions`` are read.
public final class StringExtractor {
  /// A localizable position: the key's kind, the API, the table, comment and bundle of that
  /// API's call, how it looks the key up, and the localizable type of a declared position.
  struct Position {
    var kind: LocalizableAPI.Kind
    var api: String
    var table = "Localizable"
    var comment: String?
    var type: String?
    var bundle: String?
    var path = LookupPath.value
    /// Xcode's build extracts it (else it is one of the ``FileStrings/lookups``).
    var isExtracted = true
  }

  /// What a literal in some position is: a localizable key, or a collection of them.
  indirect enum Context {
    case localizable(Position)
    case elements(Context)
    case values(Context)
    /// Provably not localizable (a dictionary key, a subscript, a comparison's or a pattern's
    /// operand, a `String` parameter): the sync's safety net does not count its literals.
    case verbatim
    /// A value of another type (its dotted name): what an implicit member expression there
    /// (`.init(…)`, `.ok("Saved")`) is a member of.
    case typed(String)
    /// A tuple: each element's context, by position.
    case tuple([Context?])

    var isLocalizable: Bool {
      switch self {
      case .localizable: true
      case .elements(let inner), .values(let inner): inner.isLocalizable
      case .tuple(let elements): elements.contains { $0?.isLocalizable == true }
      case .verbatim, .typed: false
      }
    }
  }

  /// A name bound in a local scope, and what its type is read from.
  enum LocalBinding {
    case typed(TypeSyntax)
    case inferred(Expr)
    /// `if let x = value`: the value's type without its optional.
    case unwrapped(Expr)
    /// `for x in sequence`: an element of the sequence.
    case element(Expr)
    /// `for (key, value) in sequence`: a part of an element (a tuple), by position.
    case elementPart(Expr, Int)
    /// `for (i, x) in sequence.enumerated()`: the offset.
    case integer
    case unknown
  }

  let file: SourceFile
  let index: TypeIndex
  let conditions: BuildConditions
  var scopes: [[String: LocalBinding]] = [[:]]
  var selfType: String?
  /// The raw value type of the enum being read (`enum Tab: LocalizedStringKey`).
  var rawValueType: TypeSyntax?
  /// Inside `#Preview { … }`, or in an `#if` clause only another build compiles: Xcode's build
  /// extracts nothing there (its literals are only noted, ``walkConditional(_:_:)``).
  var notesOnly = false
  /// What the parameter of a call's last closure receives (the value a `.sheet(item:)` presents,
  /// a `Table`'s row in its `TableColumn`s), by the closure's offset.
  var closureReceives: [Int: LocalBinding] = [:]
  /// The row of the `Table` being read.
  var tableRow: LocalBinding?
  var strings: [LocalizableString] = []
  var lookups: [LocalizableString] = []
  /// The literals of active code that are not provably non-localizable (``CodeLiteral``).
  var literals: [CodeLiteral] = []
  var diagnostics: [Diagnostic] = []
  var inferenceDepth = 0
  /// Only Xcode's extraction is wanted: code without a string literal (which can hold no key of
  /// it, only lookups of keys made at run time) is stepped over.
  var extractionOnly = false
  /// Whether the literals of the code are noted for the sync's safety net (a listing needs none).
  var notesLiterals = true

  /// Extracts the strings of `tree` (with `extractionOnly`, not the lookups of code that holds
  /// no string literal: `lhc extract` needs none of them).
  public static func extract(
    _ tree: SourceTree, index: TypeIndex, conditions: BuildConditions, extractionOnly: Bool = false,
    notesLiterals: Bool = true
  ) -> FileStrings {
    let extractor = StringExtractor(file: tree.file, index: index, conditions: conditions)
    extractor.extractionOnly = extractionOnly
    extractor.notesLiterals = notesLiterals
    if tree.containsStrings || !extractionOnly { extractor.walk(tree.statements, returning: nil) }
    // A literal read under several `#if` clauses (one per platform) is one string.
    var seen = Set<LocalizableString>()
    let strings = extractor.strings.filter { seen.insert($0).inserted }
    let lookups = extractor.lookups.filter { seen.insert($0).inserted }
    var reported = Set<Diagnostic>()
    let diagnostics = extractor.diagnostics.filter { reported.insert($0).inserted }
    var literalsSeen = Set<Int>()
    let literals = extractor.literals.filter { literalsSeen.insert($0.offset).inserted }
    return FileStrings(
      strings: strings, lookups: lookups, diagnostics: diagnostics, literals: literals)
  }

  /// The calls of the localization routines (`NSLocalizedString` and the functions
  /// `LOCALIZED_STRING_MACRO_NAMES` names: the lookups through the bundle) written in the
  /// comments of `file` (`LOCALIZED_STRING_CODE_COMMENTS`, ``CommentCode``), read as code is.
  public static func extractFromComments(
    _ file: SourceFile, index: TypeIndex, conditions: BuildConditions
  ) -> [LocalizableString] {
    let comments = Lexer.tokenize(file.bytes, recordingComments: true).comments
    guard !comments.isEmpty else { return [] }
    let code = SourceFile(path: file.path, bytes: CommentCode.bytes(file.bytes, comments: comments))
    return extract(Parser.parse(code), index: index, conditions: conditions, notesLiterals: false)
      .strings.filter { $0.path == .bundle }
  }

  init(file: SourceFile, index: TypeIndex, conditions: BuildConditions) {
    self.file = file
    self.index = index
    self.conditions = conditions
  }

  // MARK: - Contexts

  /// The context a value of `type` gives its literals (`api` is made only for a localizable one).
  func context(for type: TypeSyntax?, api: @autoclosure () -> String) -> Context? {
    guard let type else { return nil }
    switch index.resolve(type) {
    case .optional(let wrapped), .opaque(let wrapped), .labeled(_, let wrapped):
      return context(for: wrapped, api: api())
    case .array(let element):
      return context(for: element, api: api()).map { .elements($0) }
    case .dictionary(_, let value):
      return context(for: value, api: api()).map { .values($0) }
    case .tuple(let elements):
      let contexts = elements.map { context(for: $0, api: api()) }
      return contexts.contains { $0 != nil } ? .tuple(contexts) : nil
    case .named(let components):
      let name =
        components.count == 1 ? components[0].name : components.map(\.name).joined(separator: ".")
      guard let kind = localizableTypes[name] else { return .typed(name) }
      return .localizable(Position(kind: kind, api: api(), type: name))
    default:
      return nil
    }
  }

  private func typeText(_ type: TypeSyntax?) -> String {
    type?.name ?? "?"
  }

  // MARK: - Statements and declarations

  /// A body: its statements in a scope of their own; `returning` is the context of its `return`
  /// values, given to an implicit return too (a body of one expression, `if` or `switch`).
  func walk(_ statements: [Statement], returning: Context?) {
    scopes.append([:])
    defer { scopes.removeLast() }
    if let returning, statements.count == 1 {
      walkImplicitReturn(statements[0], returning)
      return
    }
    for statement in statements {
      // A result builder's body of elements (`static var appShortcuts: [AppShortcut] {
      // AppShortcut(…); .init(…) }`): each implicit member is an element.
      if case .elements(let element)? = returning, case .expression(let expression) = statement,
        case .call(.implicitMember, _, _, _) = expression
      {
        walk(expression, element)
        continue
      }
      walk(statement, returning: returning)
    }
  }

  private func walkImplicitReturn(_ statement: Statement, _ context: Context) {
    switch statement {
    case .expression(let expression):
      walk(expression, context)
    case .ifStatement(let conditions, let body, let elseBody, _):
      walk(conditions)
      if !Self.isFalse(conditions) { walk(body, returning: context) }
      if let elseBody { walk(elseBody, returning: context) }
    case .switchStatement(let subject, let cases, _):
      walk(subject, nil)
      walk(cases, subject: subject, returning: context)
    case .conditional(let clauses, _):
      walkConditional(clauses) { walk($0, returning: context) }
    default:
      walk(statement, returning: context)
    }
  }

  func walk(_ statement: Statement, returning: Context?) {
    switch statement {
    case .expression(let expression):
      walk(expression, nil)
    case .declaration(let declaration):
      walk(declaration, local: true)
    case .returnStatement(let value, _):
      if let value { walk(value, returning) }
    case .ifStatement(let conditions, let body, let elseBody, _):
      scopes.append([:])
      walk(conditions)
      // `if false { … }`: the compiler drops the body, and Xcode extracts nothing from it.
      if !Self.isFalse(conditions) { walk(body, returning: returning) }
      scopes.removeLast()
      if let elseBody { walk(elseBody, returning: returning) }
    case .guardStatement(let conditions, let body, _):
      walk(conditions)  // guard's bindings stay in scope after it
      walk(body, returning: returning)
    case .whileStatement(let conditions, let body, _):
      scopes.append([:])
      walk(conditions)
      walk(body, returning: returning)
      scopes.removeLast()
    case .forIn(let names, let sequence, let whereClause, let body, _):
      walk(sequence, nil)
      scopes.append([:])
      bindLoopNames(names, sequence)
      if let whereClause { walk(whereClause, nil) }
      walk(body, returning: returning)
      scopes.removeLast()
    case .repeatStatement(let body, let condition, _):
      walk(body, returning: returning)
      if let condition { walk(condition, nil) }
    case .switchStatement(let subject, let cases, _):
      walk(subject, nil)
      walk(cases, subject: subject, returning: returning)
    case .doStatement(let body, let catches, _):
      walk(body, returning: returning)
      for handler in catches { walk(handler, returning: returning) }
    case .deferStatement(let body, _):
      walk(body, returning: nil)
    case .throwStatement(let value, _):
      walk(value, nil)
    case .conditional(let clauses, _):
      walkConditional(clauses) { statements in
        for statement in statements { walk(statement, returning: returning) }
      }
    case .other:
      break
    }
  }

  /// `if false`: a condition that is the literal `false` (parenthesised or not).
  static func isFalse(_ conditions: [Condition]) -> Bool {
    guard conditions.count == 1, case .expression(let condition) = conditions[0],
      case .boolean(false, _) = unparenthesized(condition)
    else { return false }
    return true
  }

  /// The clauses compiled for the target (on each of its platforms, the first that holds).
  func activeClauses<Element>(_ clauses: [ConditionalClause<Element>]) -> [ConditionalClause<
    Element
  >] {
    conditions.activeClauses(clauses.map(\.condition)).map { clauses[$0] }
  }

  /// Reads an `#if`'s active clauses with `read`; for the sync's safety net, also the clauses
  /// another build of the target may compile (another configuration's flags), their literals
  /// noted only: a key only a release build shows is still needed.
  func walkConditional<Element>(
    _ clauses: [ConditionalClause<Element>], _ read: ([Element]) -> Void
  ) {
    let active = conditions.activeClauses(clauses.map(\.condition))
    for index in active { read(clauses[index].elements) }
    guard notesLiterals else { return }
    let saved = notesOnly
    notesOnly = true
    for index in conditions.clausesAnyBuildMayCompile(clauses.map(\.condition))
    where !active.contains(index) {
      read(clauses[index].elements)
    }
    notesOnly = saved
  }

  private func walk(_ conditions: [Condition]) {
    for condition in conditions {
      switch condition {
      case .expression(let expression):
        walk(expression, nil)
      case .binding(let names, let type, let value, _):
        if let value { walk(value, context(for: type, api: "let")) }
        for name in names {
          if let type {
            bind(name, .typed(type))
          } else if let value {
            bind(name, .unwrapped(value))
          } else if let outer = inferType(.name(name, offset: 0)) {
            bind(name, .typed(index.resolve(outer).unwrapped))  // `if let x`: x unwrapped
          }
        }
      case .patternMatch(let pattern, let value):
        walk(pattern, .verbatim)
        walk(value, nil)
        if Self.binds(pattern) {
          bindPattern(pattern, subjectType: inferType(value), binding: false)
        }
      }
    }
  }

  private func bindLoopNames(_ names: [String], _ sequence: Expr) {
    if names.count == 2, case .call(.member(let base, "enumerated", _), _, _, _) = sequence {
      bind(names[0], .integer)
      bind(names[1], .element(base))
      return
    }
    for (position, name) in names.enumerated() {
      bind(name, names.count == 1 ? .element(sequence) : .elementPart(sequence, position))
    }
  }

  func bind(_ name: String, _ binding: LocalBinding) {
    scopes[scopes.count - 1][name] = binding
  }

  func lookup(_ name: String) -> LocalBinding? {
    for scope in scopes.reversed() {
      if let binding = scope[name] { return binding }
    }
    return nil
  }

  func walk(_ declaration: Declaration, local: Bool) {
    for attribute in declaration.attributes {
      if let arguments = attribute.arguments {
        walkCall(name: attribute.name, isMethod: false, arguments: arguments, trailing: [])
      }
    }
    switch declaration.kind {
    case .type(let type):
      let saved = (selfType, scopes, rawValueType, notesOnly)
      // Its qualified name (`Outer.Inner`): its own members are found before those of other
      // types of its name.
      let simple = lastNameComponent(type.name)
      selfType =
        type.keyword == "extension" || saved.0 == nil ? type.name : saved.0! + "." + simple
      scopes = [[:]]
      rawValueType = type.keyword == "enum" ? type.inheritance.first : nil
      // A `PreviewProvider`'s previews are previews too.
      notesOnly = notesOnly || type.inheritance.contains { $0.name == "PreviewProvider" }
      for member in type.members { walk(member, local: false) }
      (selfType, scopes, rawValueType, notesOnly) = saved
    case .function(let function):
      scopes.append([:])
      for parameter in function.parameters {
        if let value = parameter.defaultValue {
          walk(value, context(for: parameter.type, api: "default value"))
        }
        if let type = parameter.type { bind(parameter.name, .typed(type)) }
      }
      if let body = function.body, function.containsStrings || !extractionOnly {
        let api = "func \(function.name) -> \(typeText(function.result))"
        walk(body, returning: context(for: function.result, api: api))
      }
      scopes.removeLast()
    case .variable(let variable):
      for binding in variable.bindings {
        let api =
          "\(variable.isLet ? "let" : "var") \(binding.names.first ?? ""): \(typeText(binding.type))"
        let bindingContext = context(for: binding.type, api: api)
        if let initializer = binding.initializer { walk(initializer, bindingContext) }
        if binding.accessorsContainStrings || !extractionOnly {
          if let getter = binding.getter { walk(getter, returning: bindingContext) }
          for accessor in binding.otherAccessors { walk(accessor, returning: nil) }
        }
        if local {
          for name in binding.names {
            if let type = binding.type {
              bind(name, .typed(type))
            } else if let initializer = binding.initializer, binding.names.count == 1 {
              bind(name, .inferred(initializer))
            } else {
              bind(name, .unknown)
            }
          }
        }
      }
    case .enumCase(let elements):
      for element in elements {
        if let rawValue = element.rawValue {
          // `enum Tab: LocalizedStringKey { case home = "Home" }`: the raw value is a key.
          walk(rawValue, context(for: rawValueType, api: "case \(element.name) = (raw value)"))
        } else if element.parameters.isEmpty,
          case .localizable(let position)? = context(
            for: rawValueType, api: "case \(element.name) (implicit raw value)")
        {
          // `enum Kind: LocalizedStringKey { case managedOnly }`: the compiler's raw value, the
          // case's name, is a key too (Cork's catalog holds them).
          record(
            StringLiteralExpression(implicit: element.name, at: element.offset), position,
            value: nil)
        }
        for parameter in element.parameters {
          if let value = parameter.defaultValue {
            walk(value, context(for: parameter.type, api: "default value"))
          }
        }
      }
    case .conditional(let clauses):
      walkConditional(clauses) { members in
        for member in members { walk(member, local: local) }
      }
    case .macro(let expression):
      walkMacro(expression, attributed: !declaration.attributes.isEmpty)
    case .typeAlias, .importDeclaration, .other:
      break
    }
  }

  // MARK: - Expressions

  func walk(_ expression: Expr, _ context: Context?) {
    switch expression {
    case .string(let literal):
      switch context {
      case .localizable(let position)?: record(literal, position, value: nil)
      case .verbatim?: break
      default: note(literal)
      }
      walkInterpolations(literal)
    case .infix(let operands, let operators):
      walkInfix(operands, operators, context)
    case .tuple(let elements, _):
      if case .tuple(let contexts)? = context, contexts.count == elements.count {
        for (element, inner) in zip(elements, contexts) { walk(element.value, inner) }
      } else {
        for element in elements { walk(element.value, elements.count == 1 ? context : nil) }
      }
    case .array(let elements, _):
      let elementContext: Context? = if case .elements(let inner)? = context { inner } else { nil }
      for element in elements { walk(element, elementContext) }
    case .dictionary(let pairs, _):
      let valueContext: Context? = if case .values(let inner)? = context { inner } else { nil }
      for pair in pairs {
        walk(pair.key, .verbatim)
        walk(pair.value, valueContext)
      }
    case .call(.implicitMember("init", _), let arguments, let trailing, _):
      // `.init(title: "…")`: the initializer of the type the context expects.
      if let type = Self.initializedType(context, arguments.map(\.label)) {
        walkCall(
          name: lastNameComponent(type), isMethod: false,
          arguments: arguments, trailing: trailing)
      } else {
        for argument in arguments + trailing { walk(argument.value, nil) }
      }
    case .call(.closure(let closure), let arguments, let trailing, _)
    where arguments.isEmpty && trailing.isEmpty && context != nil:
      // `{ …; return "…" }()`: the closure's result is the context's type (SE-0326).
      scopes.append([:])
      walk(closure.body, returning: context)
      scopes.removeLast()
    case .call(let callee, let arguments, let trailing, _):
      walkCall(callee, arguments, trailing)
    case .subscripted(let base, let arguments, _):
      walk(base, nil)
      for argument in arguments { walk(argument.value, .verbatim) }
    case .closure(let closure):
      walk(closure, elementsOf: nil)
    case .member(let base, _, _), .postfix(let base, _), .cast(let base, _, _),
      .prefix(_, let base, _):
      walk(base, nil)
    case .macro:
      walkMacro(expression)
    case .statement(let statement):
      if let context {
        walkImplicitReturn(statement, context)
      } else {
        walk(statement, returning: nil)
      }
    case .conditionalPostfix(let base, let clauses):
      // Each clause's expression is built on `base`: read the active ones, or `base` alone.
      let active = activeClauses(clauses).compactMap(\.elements.first)
      if active.isEmpty { walk(base, context) }
      for chained in active { walk(chained, context) }
    case .name, .implicitMember, .integer, .float, .boolean, .nilLiteral, .keyPath, .type,
      .unknown:
      break
    }
  }

  /// A macro's arguments and closures; `#Preview`'s are read for the sync's safety net only:
  /// Xcode extracts nothing from a preview (no app catalog holds a string only a preview shows)
  /// but from one with an attribute (`@available(iOS 18, *) #Preview`, whose literals nostur's
  /// catalog holds, extracted, for its whole history).
  private func walkMacro(_ expression: Expr, attributed: Bool = false) {
    guard case .macro(let name, let arguments, let trailing, _) = expression else { return }
    let saved = notesOnly
    notesOnly = notesOnly || name == "#Preview" && !attributed
    for argument in arguments + trailing { walk(argument.value, nil) }
    notesOnly = saved
  }

  /// The type whose initializer an implicit `.init(…)` calls in `context`: the contextual
  /// type; in an SDK position, which takes both `LocalizedStringKey` and
  /// `LocalizedStringResource`, the resource when the call has its labels (`table:`,
  /// `defaultValue:`, `comment:`: `LocalizedStringKey` has none of them); `String` where a
  /// `String` parameter is expected; and `.init(localized: …)` where nothing says which type it is
  /// makes a `String` (only `String` and `AttributedString` have `init(localized:)`, alike).
  static func initializedType(_ context: Context?, _ labels: [String?]) -> String? {
    let resourceLabels: Set<String?> = ["table", "defaultValue", "comment", "bundle", "locale"]
    switch context {
    case .localizable(let position)?:
      if let type = position.type { return type }
      if labels.contains(where: resourceLabels.contains) { return "LocalizedStringResource" }
      switch position.kind {
      case .key: return "LocalizedStringKey"
      case .value: return "LocalizationValue"
      case .resource: return "LocalizedStringResource"
      default: return nil
      }
    case .typed(let name)?:
      return name
    case .elements(let element)?:
      // A result builder's one element (`[AppShortcut] { .init(…) }`).
      return initializedType(element, labels)
    case .verbatim?:
      return "String"
    default:
      return labels.first == "localized" ? "String" : nil
    }
  }

  /// A closure's body; `elementsOf` is the collection whose elements its one untyped parameter
  /// receives (`ForEach(items) { item in … }`, `items.map { item in … }`).
  func walk(_ closure: Closure, elementsOf collection: Expr?) {
    scopes.append([:])
    let receives = closureReceives.removeValue(forKey: closure.offset)
    if closure.parameters.isEmpty, let receives { bind("$0", receives) }
    for parameter in closure.parameters {
      if let type = parameter.type {
        bind(parameter.name, .typed(type))
      } else if let receives, closure.parameters.count == 1 {
        bind(parameter.name, receives)
      } else if let collection, closure.parameters.count == 1 {
        bind(parameter.name, .element(collection))
      } else {
        bind(parameter.name, .unknown)
      }
    }
    // `ForEach(0..<n) { Text("\($0)") }`: the anonymous parameter.
    if closure.parameters.isEmpty, let collection { bind("$0", .element(collection)) }
    walk(closure.body, returning: nil)
    scopes.removeLast()
  }

  /// Methods that call their closure with each element of their base.
  static let elementMethods: Set<String> = [
    "forEach", "map", "compactMap", "flatMap", "filter", "first", "contains", "allSatisfy",
    "sorted", "min", "max", "drop", "prefix", "firstIndex", "lastIndex", "last",
  ]

  func walkInterpolations(_ literal: StringLiteralExpression) {
    for segment in literal.segments {
      if case .interpolation(let arguments, _) = segment {
        for argument in arguments { walk(argument.value, nil) }
      }
    }
  }

  /// Infix operators, by precedence where it matters: an assignment's value gets the target's
  /// type as context, `c ? "a" : "b"` gives its results the context (the condition is what
  /// precedes `?`, whatever operators it has), `value ?? "default"` too when `value` is itself
  /// localizable (`String? ?? literal` is a `String`).
  private func walkInfix(
    _ operands: [Expr], _ operators: [InfixOperator], _ context: Context?
  ) {
    func part(_ range: Range<Int>) -> Expr {
      range.count == 1
        ? operands[range.lowerBound]
        : .infix(
          Array(operands[range]), Array(operators[range.lowerBound..<(range.upperBound - 1)]))
    }
    // `x = value`, `rows += [.init(…)]`: the value has the target's type.
    if let assignment = operators.firstIndex(where: { $0.text == "=" || $0.text == "+=" }) {
      let target = part(0..<(assignment + 1))
      walk(target, nil)
      let value = part((assignment + 1)..<operands.count)
      // The target's type is looked for only where the value can take a context.
      let type = Self.takesContext(value) ? declaredType(of: target) ?? inferType(target) : nil
      walk(value, self.context(for: type, api: "assignment"))
      return
    }
    if let ternary = operators.firstIndex(where: { $0.text == "?:" }) {
      walk(part(0..<(ternary + 1)), nil)
      let results = [operators[ternary].middle, part((ternary + 1)..<operands.count)]
        .compactMap { $0 }
      // One type for both results: a `String` one makes the literal a `String` too.
      let resultContext =
        context?.isLocalizable == true && results.contains(where: isStringValue) ? nil : context
      for result in results { walk(result, resultContext) }
      return
    }
    if let coalescing = operators.firstIndex(where: { $0.text == "??" }) {
      let value = part(0..<(coalescing + 1))
      walk(value, nil)
      let valueType = inferType(value).map { index.resolve($0).unwrapped }
      let fallback = part((coalescing + 1)..<operands.count)
      // `String? ?? literal` is a `String`: the context reaches the fallback only when the
      // value is localizable too, or when it is another type (an implicit member's).
      let valueContext = self.context(for: valueType, api: "??")
      let fallbackContext: Context? =
        switch context {
        case .typed?: context
        case _ where valueContext?.isLocalizable == true: context
        case nil where valueContext?.isLocalizable == false: valueContext
        default: nil
        }
      walk(fallback, fallbackContext)
      return
    }
    // The operands of a comparison (`&&` and `||` bind looser): provably not localizable.
    var start = 0
    for end in 0...operators.count
    where end == operators.count || ["&&", "||"].contains(operators[end].text) {
      let compared = operators[start..<end].contains { Self.comparisons.contains($0.text) }
      for operand in operands[start...end] { walk(operand, compared ? .verbatim : nil) }
      start = end + 1
    }
  }

  /// A value that is a `String` and not a literal: a `String` variable or call, `.init()`
  /// (which neither `LocalizedStringKey` nor `Text` has).
  private func isStringValue(_ expression: Expr) -> Bool {
    switch Self.unparenthesized(expression) {
    case .string: return false
    case .infix(_, let operators) where operators.contains(where: { $0.text == "?:" }):
      return false
    case .call(.implicitMember("init", _), let arguments, let trailing, _):
      return arguments.isEmpty && trailing.isEmpty
    case let value:
      guard let type = inferType(value) else { return false }
      return Self.isPlainString(index.resolve(type).unwrapped)
    }
  }

  /// Whether a context can change what a value extracts or notes: a literal, an implicit member,
  /// a collection or tuple of them, a choice between values, a closure's or statement's result.
  static func takesContext(_ expression: Expr) -> Bool {
    switch expression {
    case .string, .implicitMember, .array, .dictionary, .closure, .statement,
      .call(.implicitMember, _, _, _), .call(.closure, _, _, _):
      return true
    case .tuple(let elements, _):
      return elements.contains { takesContext($0.value) }
    case .infix(_, let operators):
      return operators.contains { $0.text == "?:" || $0.text == "??" }
    case .conditionalPostfix(let base, _):
      return takesContext(base)
    default:
      return false
    }
  }

  static let comparisons: Set<String> = ["==", "!=", "===", "!==", "<", ">", "<=", ">=", "~="]

  static func isClosure(_ expression: Expr) -> Bool {
    if case .closure = expression { return true }
    return false
  }

  static func isNil(_ expression: Expr) -> Bool {
    if case .nilLiteral = expression { return true }
    return false
  }

  /// `cond ? "a" : "b"`: literals chosen at run time, each extracted.
  static func isLiteralChoice(_ expression: Expr) -> Bool {
    if case .infix(_, let operators) = expression, operators.contains(where: { $0.text == "?:" }) {
      return true
    }
    return false
  }

  static func unparenthesized(_ expression: Expr) -> Expr {
    if case .tuple(let elements, _) = expression, elements.count == 1, elements[0].label == nil {
      return unparenthesized(elements[0].value)
    }
    return expression
  }

  /// Notes a literal of active code for the sync's safety net (``CodeLiteral``).
  func note(_ literal: StringLiteralExpression) {
    guard notesLiterals, !literal.isMalformed else { return }
    var pieces = [""]
    for segment in literal.segments {
      switch segment {
      case .text(let text): pieces[pieces.count - 1] += text
      case .interpolation: pieces.append("")
      }
    }
    literals.append(
      CodeLiteral(forms: KeyText.forms(ofSwiftPieces: pieces), offset: literal.offset))
  }

  /// A string literal without interpolation, as text.
  func plainLiteral(_ expression: Expr) -> String? {
    if case .string(let literal) = Self.unparenthesized(expression), !literal.isMalformed {
      return literal.plainText
    }
    return nil
  }

  func report(_ message: String, at offset: Int, severity: Diagnostic.Severity = .warning) {
    diagnostics.append(Diagnostic(severity, message, offset: offset))
  }

  /// Records a literal found in a localizable position: a string of Xcode's extraction, or one
  /// of the lookups (an interpolated verbatim key, a call Xcode does not extract).
  func record(
    _ literal: StringLiteralExpression, _ position: Position, value: String?
  ) {
    note(literal)
    if notesOnly { return }
    let verbatim = Self.isVerbatim(position.kind)
    if verbatim, literal.hasInterpolation {
      if position.isExtracted {
        report(
          "\(position.api): the key has an interpolation; Xcode does not extract it (the lookup uses the interpolated text as its key)",
          at: literal.offset)
      }
      recordLookup(.string(literal), position)
      return
    }
    guard let (key, notes) = key(of: literal, kind: position.kind, api: position.api) else {
      return
    }
    // NSLocalizedString's `value:` empty or the key itself is no default value (Rectangle's
    // catalog: such keys have no extraction state and no source unit).
    let value = position.kind == .static && (value == "" || value == key) ? nil : value
    let string = LocalizableString(
      table: position.table, key: key, value: value, comment: position.comment,
      offset: literal.offset, api: position.api, notes: notes, bundle: position.bundle,
      path: position.path, isInterpolated: literal.hasInterpolation)
    if position.isExtracted {
      strings.append(string)
    } else {
      lookups.append(string)
    }
  }

  /// The key Xcode writes for a literal: the text as written when it has no interpolation;
  /// otherwise `%` doubled and each interpolation replaced by its format specifier (App Intents'
  /// parameter references by `${name}`). Nil, with a warning, for a literal that cannot be a key.
  func key(of literal: StringLiteralExpression, kind: LocalizableAPI.Kind, api: String)
    -> (key: String, notes: [String])?
  {
    if literal.isMalformed { return nil }
    if let text = literal.plainText { return (text, []) }
    if Self.isVerbatim(kind) { return nil }
    var key = ""
    var notes: [String] = []
    for segment in literal.segments {
      switch segment {
      case .text(let text):
        key += text.replacingPercent()
      case .interpolation(let arguments, let range):
        let (specifier, note) = specifier(for: arguments, kind: kind)
        key += specifier
        notes.append("\\(\(file.text(range))) → \(specifier): \(note)")
      }
    }
    return (key, notes)
  }
}

extension String {
  /// `%` as `%%` (a literal percent sign in a format string).
  fileprivate func replacingPercent() -> String {
    guard contains("%") else { return self }
    return split(separator: "%", omittingEmptySubsequences: false).joined(separator: "%%")
  }
}
