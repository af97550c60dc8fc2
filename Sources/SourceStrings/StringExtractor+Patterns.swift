import SwiftSource

/// Patterns: the names a `case` or `if case` binds, typed from the value matched (an enum case's
/// payload, with the use's generic arguments), so that their interpolations get the specifiers
/// Xcode writes.
extension StringExtractor {
  /// The cases of a `switch`: their patterns (provably not localizable), the names they bind
  /// (typed from the subject's type, inferred once: an enum case's payload types), their bodies.
  func walk(_ cases: [SwitchCase], subject: Expr, returning: Context?) {
    let binds = cases.contains { $0.patterns.count == 1 && Self.binds($0.patterns[0]) }
    let subjectType = binds ? inferType(subject) : nil
    for switchCase in cases {
      for pattern in switchCase.patterns { walk(pattern, .verbatim) }
      scopes.append([:])
      if switchCase.patterns.count == 1, binds {
        bindPattern(switchCase.patterns[0], subjectType: subjectType, binding: false)
      }
      walk(switchCase.body, returning: returning)
      scopes.removeLast()
    }
  }

  /// Whether a pattern binds a name (`let x`, `.page(let n)`, `let .page(n)`).
  static func binds(_ pattern: Expr) -> Bool {
    switch pattern {
    case .prefix("let", _, _): true
    case .call(_, let arguments, _, _), .tuple(let arguments, _):
      arguments.contains { binds($0.value) }
    case .postfix(let inner, _), .cast(let inner, _, _): binds(inner)
    default: false
    }
  }

  /// Binds the names of a pattern matched against a value of `subjectType`: `let x`,
  /// `.page(let n)` and `let .page(n)` (the payload's declared type), tuples, `x?`, `x as T`.
  func bindPattern(_ pattern: Expr, subjectType: TypeSyntax?, binding: Bool) {
    switch pattern {
    case .prefix("let", let inner, _):
      bindPattern(inner, subjectType: subjectType, binding: true)
    case .name(let name, _) where binding && name != "_":
      bind(name, subjectType.map { .typed($0) } ?? .unknown)
    case .call(let callee, let arguments, _, _):
      let caseName: String? =
        switch callee {
        case .implicitMember(let name, _), .member(_, let name, _): name
        default: nil
        }
      let parameters = caseName.flatMap { payload(of: $0, in: subjectType) } ?? []
      if arguments.count == 1, parameters.count > 1, arguments[0].label == nil {
        // `case .retrying(let both)` of a case with two payloads binds them as one tuple.
        let tuple: TypeSyntax? =
          parameters.allSatisfy({ $0.type != nil }) ? .tuple(parameters.map { $0.type! }) : nil
        bindPattern(arguments[0].value, subjectType: tuple, binding: binding)
        return
      }
      for (position, argument) in arguments.enumerated() {
        let parameter =
          argument.label.flatMap { label in parameters.first { $0.label == label } }
          ?? (position < parameters.count ? parameters[position] : nil)
        bindPattern(argument.value, subjectType: parameter?.type, binding: binding)
      }
    case .tuple(let elements, _):
      if elements.count == 1 {
        bindPattern(elements[0].value, subjectType: subjectType, binding: binding)
        return
      }
      let types: [TypeSyntax]? =
        if case .tuple(let types)? = subjectType.map(index.resolve) { types } else { nil }
      for (position, element) in elements.enumerated() {
        var type = types.flatMap { position < $0.count ? $0[position] : nil }
        if case .labeled(_, let element)? = type { type = element }
        bindPattern(element.value, subjectType: type, binding: binding)
      }
    case .postfix(let inner, "?"):
      bindPattern(
        inner, subjectType: subjectType.map { index.resolve($0).unwrapped }, binding: binding)
    case .cast(let inner, "as", let type):
      bindPattern(inner, subjectType: type, binding: binding)
    default:
      break
    }
  }

  /// The payload parameters of enum case `name` of `type` (any enum's, when the type is not
  /// known and only one declares it).
  func payload(of name: String, in type: TypeSyntax?) -> [Parameter]? {
    let resolved = type.map { index.resolve($0).unwrapped }
    if let typeName = resolved?.name, var parameters = index.type(named: typeName)?.cases[name] {
      // `MetadataState<Stats>.loaded(Value)`: the payload with the use's generic arguments.
      if let resolved {
        for index in parameters.indices {
          parameters[index].type = parameters[index].type.map {
            substitutingGenericArguments(of: resolved, in: $0)
          }
        }
      }
      return parameters
    }
    let candidates = index.casesByName[name] ?? []
    return candidates.count == 1 ? candidates[0] : nil
  }

  /// `type` with its generic parameters replaced by `substitutions`.
  static func substitute(_ type: TypeSyntax, _ substitutions: [String: TypeSyntax]) -> TypeSyntax {
    switch type {
    case .named(let components):
      if components.count == 1, components[0].arguments.isEmpty,
        let replacement = substitutions[components[0].name]
      {
        return replacement
      }
      return .named(
        components.map { component in
          TypeComponent(
            name: component.name,
            arguments: component.arguments.map { substitute($0, substitutions) })
        })
    case .optional(let wrapped): return .optional(substitute(wrapped, substitutions))
    case .array(let element): return .array(substitute(element, substitutions))
    case .dictionary(let key, let value):
      return .dictionary(substitute(key, substitutions), substitute(value, substitutions))
    case .tuple(let elements): return .tuple(elements.map { substitute($0, substitutions) })
    case .labeled(let label, let element):
      return .labeled(label, substitute(element, substitutions))
    default: return type
    }
  }
}
