import SwiftSource

/// Which `String` parameters of a function reach a lookup: `func localized(_ key: String) ->
/// String { NSLocalizedString(key, comment: "") }` takes keys made at run time, so a literal
/// passed to it is a key the app looks up (the sync's safety net counts it), though Xcode does not
/// extract it. Read from the body: the calls a parameter is passed to as an argument (by name, or
/// interpolated), by the callee's name; ``TypeIndex`` follows them through other functions.
enum KeyForwarding {
  /// The lookups and localizable types a key reaches: `NSLocalizedString(key, …)`,
  /// `bundle.localizedString(forKey: key, …)`, `LocalizedStringKey(key)`,
  /// `String.LocalizationValue(key)`, `LocalizedStringResource(…)`, `String(localized:)`.
  static let lookups: Set<String> = [
    "NSLocalizedString", "localizedString", "LocalizedStringKey", "LocalizationValue",
    "LocalizedStringResource", "CFCopyLocalizedString", "String(localized:",
    "AttributedString(localized:",
  ]

  /// The callees each `String` parameter of `function` is passed to.
  static func forwards(_ function: FunctionDeclaration) -> [Int: Set<String>] {
    guard let body = function.body else { return [:] }
    var names: [String: Int] = [:]
    for (index, parameter) in function.parameters.enumerated()
    where parameter.type.map({ StringExtractor.isPlainString($0.unwrapped) }) == true {
      names[parameter.name] = index
    }
    guard !names.isEmpty else { return [:] }
    var result: [Int: Set<String>] = [:]
    var visitor = Visitor(parameters: names) { parameter, callee in
      result[parameter, default: []].insert(callee)
    }
    visitor.visit(body)
    return result
  }

  /// Walks statements and expressions for calls that take a parameter.
  private struct Visitor {
    let parameters: [String: Int]
    let found: (Int, String) -> Void
    var depth = 0

    init(parameters: [String: Int], found: @escaping (Int, String) -> Void) {
      self.parameters = parameters
      self.found = found
    }

    mutating func visit(_ statements: [Statement]) {
      for statement in statements { visit(statement) }
    }

    mutating func visit(_ statement: Statement) {
      guard depth < 64 else { return }
      depth += 1
      defer { depth -= 1 }
      switch statement {
      case .expression(let expression), .throwStatement(let expression, _):
        visit(expression)
      case .returnStatement(let value, _):
        if let value { visit(value) }
      case .declaration(let declaration):
        if case .variable(let variable) = declaration.kind {
          for binding in variable.bindings {
            if let initializer = binding.initializer { visit(initializer) }
          }
        }
      case .ifStatement(let conditions, let body, let elseBody, _):
        visit(conditions)
        visit(body)
        if let elseBody { visit(elseBody) }
      case .guardStatement(let conditions, let body, _),
        .whileStatement(let conditions, let body, _):
        visit(conditions)
        visit(body)
      case .forIn(_, let sequence, _, let body, _):
        visit(sequence)
        visit(body)
      case .repeatStatement(let body, _, _), .deferStatement(let body, _):
        visit(body)
      case .switchStatement(let subject, let cases, _):
        visit(subject)
        for switchCase in cases { visit(switchCase.body) }
      case .doStatement(let body, let catches, _):
        visit(body)
        for handler in catches { visit(handler) }
      case .conditional(let clauses, _):
        for clause in clauses { visit(clause.elements) }
      case .other:
        break
      }
    }

    private mutating func visit(_ conditions: [Condition]) {
      for condition in conditions {
        switch condition {
        case .expression(let expression): visit(expression)
        case .binding(_, _, let value, _): if let value { visit(value) }
        case .patternMatch(_, let value): visit(value)
        }
      }
    }

    mutating func visit(_ expression: Expr) {
      guard depth < 64 else { return }
      depth += 1
      defer { depth -= 1 }
      switch expression {
      case .call(let callee, let arguments, let trailing, _):
        if let name = Self.calleeName(callee, arguments) {
          for argument in arguments {
            if let parameter = mentioned(argument.value) { found(parameter, name) }
          }
        }
        visit(callee)
        for argument in arguments + trailing { visit(argument.value) }
      case .member(let base, _, _), .postfix(let base, _), .cast(let base, _, _),
        .prefix(_, let base, _):
        visit(base)
      case .infix(let operands, let operators):
        for operand in operands { visit(operand) }
        for op in operators { if let middle = op.middle { visit(middle) } }
      case .tuple(let elements, _):
        for element in elements { visit(element.value) }
      case .array(let elements, _):
        for element in elements { visit(element) }
      case .closure(let closure):
        visit(closure.body)
      case .statement(let statement):
        visit(statement)
      default:
        break
      }
    }

    /// The parameter an argument is: its name, or a literal interpolating only it.
    private func mentioned(_ value: Expr) -> Int? {
      switch StringExtractor.unparenthesized(value) {
      case .name(let name, _):
        return parameters[name]
      case .string(let literal):
        for segment in literal.segments {
          if case .interpolation(let arguments, _) = segment, arguments.count == 1,
            case .name(let name, _) = arguments[0].value, let parameter = parameters[name]
          {
            return parameter
          }
        }
        return nil
      default:
        return nil
      }
    }

    /// `NSLocalizedString`, `localized` (a method), `String(localized:` (an initializer by its
    /// first label when it is `localized`).
    private static func calleeName(_ callee: Expr, _ arguments: [Argument]) -> String? {
      let name: String
      switch callee {
      case .name(let text, _), .member(_, let text, _), .implicitMember(let text, _): name = text
      case .type(let type, _):
        name = type.name.map(lastNameComponent) ?? ""
      default: return nil
      }
      if arguments.first?.label == "localized" { return name + "(localized:" }
      return name
    }
  }
}
