import SwiftSource

/// Where an expression is: the type around it and the innermost body it is in (a function's,
/// an accessor's, a closure's, or the file's: 0), by id.
struct WalkScope {
  /// The name of the innermost type declaration or extension (`DateFormatter` in
  /// `extension DateFormatter`); nil at file level.
  var typeName: String?
  var body = 0
  /// The property whose initializer closure (`let f: DateFormatter = { … }()`) or getter the
  /// body is.
  var property: String?
  /// In a SwiftUI preview (`#Preview { … }`, a `PreviewProvider`): not shipped.
  var inPreview = false
}

/// What a walk calls for each expression (before its parts), each declared name and each body.
protocol CodeVisitor {
  mutating func visit(_ expression: Expr, in scope: WalkScope)
  /// Names a `let` / `var` declares in the body of `scope`.
  mutating func declare(_ names: [String], in scope: WalkScope)
  /// A body starts, inside the body of `scope`.
  mutating func enter(_ body: Int, in scope: WalkScope)
}

/// A walk over every statement, declaration and expression of a tree, every `#if` clause
/// read (the code checks hold on every platform).
struct CodeWalk<Visitor: CodeVisitor> {
  var visitor: Visitor
  private var nextBody = 1

  init(_ visitor: Visitor) {
    self.visitor = visitor
  }

  mutating func walk(_ tree: SourceTree) {
    walk(tree.statements, WalkScope())
  }

  private mutating func enter(_ scope: WalkScope, property: String? = nil) -> WalkScope {
    var inner = scope
    inner.body = nextBody
    inner.property = property
    visitor.enter(nextBody, in: scope)
    nextBody += 1
    return inner
  }

  private mutating func walk(_ statements: [Statement], _ scope: WalkScope) {
    for statement in statements { walk(statement, scope) }
  }

  private mutating func walk(_ statement: Statement, _ scope: WalkScope) {
    switch statement {
    case .expression(let expression), .throwStatement(let expression, _):
      walk(expression, scope)
    case .declaration(let declaration):
      walk(declaration, scope)
    case .returnStatement(let value, _):
      if let value { walk(value, scope) }
    case .ifStatement(let conditions, let body, let elseBody, _):
      walk(conditions, scope)
      walk(body, scope)
      if let elseBody { walk(elseBody, scope) }
    case .guardStatement(let conditions, let body, _), .whileStatement(let conditions, let body, _):
      walk(conditions, scope)
      walk(body, scope)
    case .forIn(_, let sequence, let whereClause, let body, _):
      walk(sequence, scope)
      if let whereClause { walk(whereClause, scope) }
      walk(body, scope)
    case .repeatStatement(let body, let condition, _):
      walk(body, scope)
      if let condition { walk(condition, scope) }
    case .switchStatement(let subject, let cases, _):
      walk(subject, scope)
      for switchCase in cases {
        for pattern in switchCase.patterns { walk(pattern, scope) }
        walk(switchCase.body, scope)
      }
    case .doStatement(let body, let catches, _):
      walk(body, scope)
      for handler in catches { walk(handler, scope) }
    case .deferStatement(let body, _):
      walk(body, scope)
    case .conditional(let clauses, _):
      for clause in clauses { walk(clause.elements, scope) }
    case .other:
      break
    }
  }

  private mutating func walk(_ conditions: [Condition], _ scope: WalkScope) {
    for condition in conditions {
      switch condition {
      case .expression(let expression):
        walk(expression, scope)
      case .binding(let names, _, let value, _):
        if let value { walk(value, scope) }
        visitor.declare(names, in: scope)
      case .patternMatch(let pattern, let value):
        walk(pattern, scope)
        walk(value, scope)
      }
    }
  }

  private mutating func walk(_ declaration: Declaration, _ scope: WalkScope) {
    for attribute in declaration.attributes {
      for argument in attribute.arguments ?? [] { walk(argument.value, scope) }
    }
    switch declaration.kind {
    case .type(let type):
      var inner = scope
      inner.typeName = String(type.name.split(separator: ".").last ?? "")
      inner.property = nil
      if type.inheritance.contains(where: { $0.name == "PreviewProvider" }) {
        inner.inPreview = true
      }
      for member in type.members { walk(member, inner) }
    case .function(let function):
      let inner = enter(scope)
      for parameter in function.parameters {
        if let value = parameter.defaultValue { walk(value, scope) }
      }
      visitor.declare(function.parameters.map(\.name), in: inner)
      if let body = function.body { walk(body, inner) }
    case .variable(let variable):
      for binding in variable.bindings {
        visitor.declare(binding.names, in: scope)
        let property = binding.names.count == 1 ? binding.names[0] : nil
        if let initializer = binding.initializer {
          // `let formatter: DateFormatter = { … }()`: the closure's body makes the property.
          if case .call(.closure(let closure), let arguments, let trailing, _) = initializer,
            arguments.isEmpty, trailing.isEmpty
          {
            walk(closure, enter(scope, property: property))
          } else {
            walk(initializer, scope)
          }
        }
        if let getter = binding.getter { walk(getter, enter(scope, property: property)) }
        for accessor in binding.otherAccessors { walk(accessor, enter(scope)) }
      }
    case .enumCase(let elements):
      for element in elements {
        if let rawValue = element.rawValue { walk(rawValue, scope) }
        for parameter in element.parameters {
          if let value = parameter.defaultValue { walk(value, scope) }
        }
      }
    case .conditional(let clauses):
      for clause in clauses {
        for member in clause.elements { walk(member, scope) }
      }
    case .macro(let expression):
      walk(expression, scope)
    case .typeAlias, .importDeclaration, .other:
      break
    }
  }

  private mutating func walk(_ closure: Closure, _ scope: WalkScope) {
    visitor.declare(closure.parameters.map(\.name), in: scope)
    walk(closure.body, scope)
  }

  private mutating func walk(_ arguments: [Argument], _ scope: WalkScope) {
    for argument in arguments { walk(argument.value, scope) }
  }

  private mutating func walk(_ expression: Expr, _ scope: WalkScope) {
    visitor.visit(expression, in: scope)
    switch expression {
    case .member(let base, _, _), .postfix(let base, _), .cast(let base, _, _),
      .prefix(_, let base, _):
      walk(base, scope)
    case .call(let callee, let arguments, let trailing, _):
      walk(callee, scope)
      walk(arguments, scope)
      walk(trailing, scope)
    case .subscripted(let base, let arguments, _):
      walk(base, scope)
      walk(arguments, scope)
    case .string(let literal):
      for segment in literal.segments {
        if case .interpolation(let arguments, _) = segment { walk(arguments, scope) }
      }
    case .array(let elements, _):
      for element in elements { walk(element, scope) }
    case .dictionary(let pairs, _):
      for pair in pairs {
        walk(pair.key, scope)
        walk(pair.value, scope)
      }
    case .closure(let closure):
      walk(closure, enter(scope))
    case .tuple(let elements, _):
      walk(elements, scope)
    case .infix(let operands, let operators):
      for operand in operands { walk(operand, scope) }
      for op in operators {
        if let middle = op.middle { walk(middle, scope) }
      }
    case .macro(let name, let arguments, let trailing, _):
      var inner = scope
      if name == "#Preview" { inner.inPreview = true }
      walk(arguments, inner)
      walk(trailing, inner)
    case .statement(let statement):
      walk(statement, scope)
    case .conditionalPostfix(let base, let clauses):
      walk(base, scope)
      for clause in clauses {
        for element in clause.elements { walk(element, scope) }
      }
    case .name, .implicitMember, .integer, .float, .boolean, .nilLiteral, .keyPath, .type,
      .unknown:
      break
    }
  }
}
