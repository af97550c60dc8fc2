import SwiftSource

/// The format specifier an interpolation becomes, as Foundation's
/// `String.LocalizationValue.StringInterpolation` and SwiftUI's
/// `LocalizedStringKey.StringInterpolation` choose it: by the value's type (`_FormatSpecifiable`
/// types), `specifier:` as written, `%@` for everything else (strings, objects, formatted values,
/// `Text`, `Image`, dates with a style). The value's type comes from a light inference over the
/// scanned sources (``StringExtractor/inferType(_:)``); where it stays unknown, `%@`.
extension StringExtractor {
  /// `_FormatSpecifiable`'s specifiers (Int is 64-bit on every platform Xcode builds for). The
  /// narrow integers are passed as an `Int32`/`UInt32` (`_arg`), so they are `%d`/`%u`, never
  /// `%hd`: the conformances as SwiftUI's interface declares them, and Meshtastic's catalog (an
  /// `Int16` written `%d` by Xcode).
  static let specifiers: [String: String] = [
    "Int": "%lld", "Int64": "%lld", "Int32": "%d", "Int16": "%d", "Int8": "%d",
    "UInt": "%llu", "UInt64": "%llu", "UInt32": "%u", "UInt16": "%u", "UInt8": "%u",
    "Double": "%lf", "Float": "%f", "CGFloat": "%lf", "Float80": "%lf",
  ]

  /// `String.LocalizationValue.Placeholder`'s cases.
  static let placeholderSpecifiers = [
    "int": "%lld", "uint": "%llu", "float": "%f", "double": "%lf", "object": "%@",
  ]

  /// Foundation's aliases of those types.
  static let standardAliases: [String: String] = [
    "TimeInterval": "Double", "NSInteger": "Int", "NSUInteger": "UInt", "CFIndex": "Int",
    "Float64": "Double", "Float32": "Float", "CGFloat.NativeType": "Double",
  ]

  func specifier(for arguments: [Argument], kind: LocalizableAPI.Kind) -> (String, String) {
    guard let first = arguments.first else { return ("%@", "empty interpolation") }
    if kind == .summary, case .keyPath(let components, _) = first.value, let last = components.last
    {
      let name = last.hasPrefix("$") ? String(last.dropFirst()) : last
      return ("${\(name)}", "parameter reference")
    }
    if let given = arguments.first(where: { $0.label == "specifier" }) {
      if let text = plainLiteral(given.value) { return (text, "specifier: as written") }
      return ("%@", "specifier: is not a literal")
    }
    // `\(placeholder: .int)` (`String.LocalizationValue.Placeholder`).
    if first.label == "placeholder", case .implicitMember(let name, _) = first.value,
      let specifier = Self.placeholderSpecifiers[name]
    {
      return (specifier, "placeholder: .\(name)")
    }
    if first.label != nil { return ("%@", "appendInterpolation(\(first.label!):)") }
    if let other = arguments.dropFirst().first(where: { $0.label != nil }) {
      return ("%@", "formatted (\(other.label!):)")
    }
    guard let type = inferType(first.value) else {
      return ("%@", "type unknown")
    }
    let name = specifierTypeName(type)
    if let specifier = Self.specifiers[name] { return (specifier, name) }
    return ("%@", name)
  }

  /// The name a specifier is looked up by: aliases followed, optionals kept (an optional is
  /// not `_FormatSpecifiable`: `%@`).
  func specifierTypeName(_ type: TypeSyntax) -> String {
    let resolved = index.resolve(type)
    if case .optional(let wrapped) = resolved { return (wrapped.name ?? "?") + "?" }
    guard let name = resolved.name else { return "?" }
    return Self.standardAliases[name] ?? name
  }

  // MARK: - Declared APIs

  /// The context of each argument of a call of a function or initializer the scanned sources
  /// declare, or nil when they declare none that matches the call's labels.
  func declaredContexts(
    name: String, isMethod: Bool, arguments: [Argument], receiver: Expr? = nil
  ) -> [Context?]? {
    var functions: [TypeIndex.Function]
    var cases: [[Parameter]] = []
    if isMethod, index.functionsByName[name] != nil, let receiver,
      arguments.contains(where: { Self.takesContext($0.value) }),
      let methods = receiverMethods(receiver, name)
    {
      // A method of a receiver whose type is known: that type's methods only.
      functions = methods
    } else if isMethod {
      functions = index.functionsByName[name] ?? []
      cases = index.casesByName[name] ?? []
    } else if index.declaredTypes.contains(name) {
      functions = index.initializers(of: name)
    } else if let declared = index.functionsByName[name],
      LocalizableAPI.byCallee[name] == nil || name.first?.isLowercase == true
    {
      functions = declared
    } else {
      return nil
    }
    guard !functions.isEmpty || !cases.isEmpty else { return nil }
    let labels = arguments.map(\.label)
    // No argument a context can change: only whether a declaration fits matters (it is the
    // sources' own, not the SDK's); most calls are such, and their candidates many.
    if !arguments.contains(where: { Self.takesContext($0.value) }) {
      let fits =
        functions.contains { Self.matchIndices(labels, $0.parameters) != nil }
        || cases.contains { Self.matchIndices(labels, $0) != nil }
      return fits ? Array(repeating: nil, count: arguments.count) : nil
    }
    var matched = false
    // Per position: the first localizable context an overload gives it, and whether a favored
    // (or an `@_disfavoredOverload`) overload takes a `String` there, or another type.
    var localizable: [Int: Context] = [:]
    var favoredString = Set<Int>()
    var disfavoredString = Set<Int>()
    var otherType = Set<Int>()
    // The first other type an overload takes there (for implicit members: `.init(…)`).
    var typed: [Int: Context] = [:]
    func consider(_ parameters: [Parameter], disfavored: Bool, forwarded: Set<Int> = []) {
      guard let indices = Self.matchIndices(labels, parameters) else { return }
      matched = true
      for (position, parameterIndex) in indices.enumerated() {
        guard let type = parameters[parameterIndex].type else { continue }
        let context = context(for: type, api: apiName(name, isMethod, labels))
        if let context, context.isLocalizable {
          if localizable[position] == nil { localizable[position] = context }
        } else if Self.isPlainString(index.resolve(type)), forwarded.contains(parameterIndex) {
          // A `String` the function looks up (`NSLocalizedString(key, …)`, or through another
          // such function): a key of its own, made at run time, not provably not localizable.
          otherType.insert(position)
        } else if Self.isPlainString(index.resolve(type)) {
          if disfavored {
            disfavoredString.insert(position)
          } else {
            favoredString.insert(position)
          }
        } else {
          otherType.insert(position)
          if typed[position] == nil { typed[position] = context }
        }
      }
    }
    for function in functions {
      // A lookup the project names (`LOCALIZED_STRING_MACRO_NAMES`) takes keys in every `String`.
      let forwarded =
        index.isNamedLookup(name)
        ? Set(function.parameters.indices) : index.keyParameters(of: function)
      consider(function.parameters, disfavored: function.isDisfavored, forwarded: forwarded)
    }
    for parameters in cases { consider(parameters, disfavored: false) }
    guard matched else { return nil }
    // A literal's default type, `String`, wins over a localizable overload unless that `String`
    // overload is disfavored (as SwiftUI's `Text<S: StringProtocol>` is); a position every
    // overload takes as a `String` is provably not localizable.
    let result = arguments.indices.map { position -> Context? in
      let onlyStrings = localizable[position] == nil && !otherType.contains(position)
      if favoredString.contains(position) { return onlyStrings ? .verbatim : nil }
      if let context = localizable[position] { return context }
      if disfavoredString.contains(position), onlyStrings { return .verbatim }
      return typed[position]
    }
    return result
  }

  /// The methods named `name` of `receiver`'s type (a type name, or a value whose type the
  /// scanned sources declare), when that type declares some.
  private func receiverMethods(_ receiver: Expr, _ name: String) -> [TypeIndex.Function]? {
    let typeName: String?
    if case .name(let base, _) = receiver, base.first?.isUppercase == true, lookup(base) == nil,
      index.type(named: base) != nil
    {
      typeName = base
    } else {
      typeName = inferType(receiver).flatMap { index.resolve($0).unwrapped.name }
    }
    guard let typeName,
      let methods = index.type(named: lastNameComponent(typeName))?
        .methods[name], !methods.isEmpty
    else { return nil }
    return methods
  }

  private func apiName(_ name: String, _ isMethod: Bool, _ labels: [String?]) -> String {
    (isMethod ? "." : "") + name + "(" + labels.map { ($0 ?? "_") + ":" }.joined() + ")"
  }

  static func isPlainString(_ type: TypeSyntax) -> Bool {
    switch type.name {
    case "String", "Swift.String", "StaticString", "Substring": true
    default: false
    }
  }

  /// Matches call labels to parameters in order (parameters with a default value may be left
  /// out, a variadic one takes the unlabelled arguments after it): each argument's parameter
  /// type, or nil when the labels do not fit.
  static func match(_ labels: [String?], _ parameters: [Parameter]) -> [TypeSyntax?]? {
    matchIndices(labels, parameters)?.map { parameters[$0].type }
  }

  /// ``match(_:_:)``'s parameter of each argument, by index.
  static func matchIndices(_ labels: [String?], _ parameters: [Parameter]) -> [Int]? {
    // Most candidates do not fit: check the labels before making the result.
    if labels.count > parameters.count, !parameters.contains(where: \.isVariadic) { return nil }
    var types: [Int] = []
    var position = 0
    for (index, parameter) in parameters.enumerated() {
      if position < labels.count, labels[position] == parameter.label {
        types.append(index)
        position += 1
        if parameter.isVariadic {
          while position < labels.count, labels[position] == nil {
            types.append(index)
            position += 1
          }
        }
        continue
      }
      let omittable =
        parameter.defaultValue != nil || parameter.isVariadic || isFunctionType(parameter.type)
      guard omittable else { return nil }
    }
    return position == labels.count ? types : nil
  }

  private static func isFunctionType(_ type: TypeSyntax?) -> Bool {
    switch type {
    case .function?: true
    case .optional(let wrapped)?: isFunctionType(wrapped)
    default: false
    }
  }

  /// The declared type of an assignment's target: a local, a property of `self`.
  func declaredType(of target: Expr) -> TypeSyntax? {
    switch target {
    case .name(let name, _):
      if case .typed(let type)? = lookup(name) { return type }
      if lookup(name) != nil { return nil }
      return selfType.flatMap { index.type(named: $0)?.properties[name]?.type }
    case .member(.name("self", _), let name, _):
      return selfType.flatMap { index.type(named: $0)?.properties[name]?.type }
    case .member(let base, let name, _):
      // `model.title = "…"`: the property of the base's type.
      guard let typeName = inferType(base).flatMap({ index.resolve($0).unwrapped.name }) else {
        return nil
      }
      return index.type(named: Self.simpleName(typeName))?.properties[name]?.type
    default:
      return nil
    }
  }

  /// A dotted type name's last component (nested types are indexed by their own name).
  static func simpleName(_ name: String) -> String {
    lastNameComponent(name)
  }

  // MARK: - Inference

  /// Members whose type is the same whatever their base is.
  static let wellKnownMembers: [String: String] = [
    "count": "Int", "endIndex": "Int", "startIndex": "Int", "hashValue": "Int",
    "intValue": "Int", "integerValue": "Int", "utf16Count": "Int",
    "description": "String", "debugDescription": "String", "localizedDescription": "String",
    "absoluteString": "String", "path": "String", "lastPathComponent": "String",
    "pathExtension": "String", "relativePath": "String", "stringValue": "String",
    "capitalized": "String", "localizedCapitalized": "String", "localizedUppercase": "String",
    "localizedLowercase": "String", "uuidString": "String",
    "doubleValue": "Double", "timeIntervalSinceNow": "Double", "timeIntervalSince1970": "Double",
    "timeIntervalSinceReferenceDate": "Double", "floatValue": "Float", "isEmpty": "Bool",
  ]

  /// Methods whose result type is the same whatever their base is.
  static let wellKnownMethods: [String: String] = [
    "formatted": "String", "uppercased": "String", "lowercased": "String",
    "trimmingCharacters": "String", "replacingOccurrences": "String", "appending": "String",
    "joined": "String", "string": "String", "localizedString": "String",
    "localizedStringWithFormat": "String", "addingPercentEncoding": "String",
    "distance": "Int", "timeIntervalSince": "Double",
  ]

  /// Types Foundation and the standard library know, for `Name(…)` calls.
  static let knownTypes: Set<String> = [
    "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
    "Double", "Float", "CGFloat", "String", "Bool", "Character", "Substring", "Date", "URL",
    "Data", "UUID", "Decimal", "NSNumber", "NSString", "AttributedString", "Text", "Image",
    "Measurement", "TimeInterval",
  ]

  /// The type of `expression`, as far as the scanned sources say.
  func inferType(_ expression: Expr) -> TypeSyntax? {
    guard inferenceDepth < 24 else { return nil }
    inferenceDepth += 1
    defer { inferenceDepth -= 1 }
    switch expression {
    case .string: return Self.named("String")
    case .integer: return Self.named("Int")
    case .float: return Self.named("Double")
    case .boolean: return Self.named("Bool")
    case .name(let name, _):
      return typeOfName(name)
    case .member(let base, let name, _):
      if let type = memberType(base, name) { return type }
      return Self.wellKnownMembers[name].map(Self.named)
    case .call(let callee, let arguments, let trailing, _):
      return genericCallType(callee, arguments + trailing) ?? callType(callee)
    case .postfix(let base, let op):
      guard op == "!" || op == "?" else { return inferType(base) }
      return inferType(base).map { index.resolve($0).unwrapped }
    case .infix(let operands, let operators):
      return infixType(operands, operators)
    case .tuple(let elements, _):
      return elements.count == 1 ? inferType(elements[0].value) : nil
    case .cast(let base, let kind, let type):
      switch kind {
      case "as?": return .optional(type)
      case "is": return Self.named("Bool")
      case "as", "as!": return type
      default: return inferType(base)
      }
    case .subscripted(let base, _, _):
      switch inferType(base).map(index.resolve) {
      case .array(let element)?: return element
      case .dictionary(_, let value)?: return .optional(value)
      default: return nil
      }
    case .prefix(let op, let operand, _):
      return op == "!" ? Self.named("Bool") : inferType(operand)
    case .array(let elements, _):
      return elements.first.flatMap { inferType($0) }.map { .array($0) }
    default:
      return nil
    }
  }

  /// The one expression a closure's body is, or returns.
  static func singleResult(_ closure: Closure) -> Expr? {
    guard closure.body.count == 1 else { return nil }
    switch closure.body[0] {
    case .expression(let value), .returnStatement(let value?, _): return value
    default: return nil
    }
  }

  static func named(_ name: String) -> TypeSyntax {
    .named([TypeComponent(name: name)])
  }

  private func typeOfName(_ name: String) -> TypeSyntax? {
    if name == "self" || name == "Self" { return selfType.map(Self.named) }
    if let binding = lookup(name) { return type(of: binding) }
    if let selfType, let type = propertyType(selfType, name) { return type }
    if let global = index.globals[name] { return type(of: global, in: nil) }
    return nil
  }

  private func type(of binding: LocalBinding) -> TypeSyntax? {
    switch binding {
    case .typed(let type): return type
    case .inferred(let value): return inferType(value)
    case .unwrapped(let value): return inferType(value).map { index.resolve($0).unwrapped }
    case .element(let sequence): return elementType(sequence)
    case .elementPart(let sequence, let position):
      guard case .tuple(let parts)? = elementType(sequence), position < parts.count else {
        return nil
      }
      if case .labeled(_, let type) = parts[position] { return type }
      return parts[position]
    case .integer: return Self.named("Int")
    case .unknown: return nil
    }
  }

  private func elementType(_ sequence: Expr) -> TypeSyntax? {
    // `0..<n`, `1...count`: the bounds' type.
    if case .infix(let operands, let operators) = sequence, operators.count == 1,
      operators[0].text == "..<" || operators[0].text == "..."
    {
      return inferType(operands[0]) ?? inferType(operands[1])
    }
    switch inferType(sequence).map({ index.resolve($0).unwrapped }) {
    case .array(let element)?: return element
    case .dictionary(let key, let value)?:
      return .tuple([.labeled("key", key), .labeled("value", value)])
    case .named(let components)?:
      // A range variable's element is its bound.
      guard let last = components.last, ["Range", "ClosedRange"].contains(last.name),
        last.arguments.count == 1
      else { return nil }
      return last.arguments[0]
    default: return nil
    }
  }

  /// The value type a property wrapper's first argument gives: `Model.self` is a `Model`
  /// (`@Environment(Model.self)`, `@Bindable`); a key path is the type of the member it names
  /// in SwiftUI's values (`@Environment(\.session)` of an `extension EnvironmentValues { var
  /// session: Session? … }`, `@FocusedValue(\.document)` of `FocusedValues`); `.key` names a
  /// static key declared elsewhere whose type's generic argument is the value's (`static let
  /// count = Key<Int>(…)`, as the Defaults package declares its keys).
  private func wrappedType(_ argument: Expr, wrapper: String?) -> TypeSyntax? {
    switch argument {
    case .member(.name(let name, _), "self", _):
      return Self.named(name)
    case .keyPath(let components, _):
      let roots = ["Environment": "EnvironmentValues", "FocusedValue": "FocusedValues"]
      guard let root = wrapper.flatMap({ roots[$0] }), !components.isEmpty else { return nil }
      var type: TypeSyntax? = Self.named(root)
      for component in components {
        guard let typeName = type.map({ index.resolve($0).unwrapped })?.name else { return nil }
        type = propertyType(typeName, component)
      }
      return type
    case .implicitMember(let key, _), .member(_, let key, _):
      for property in index.staticProperties(named: key) {
        let keyType =
          property.type
          ?? property.initializer.flatMap { initializer -> TypeSyntax? in
            if case .call(.type(let type, _), _, _, _) = initializer { return type }
            return nil
          }
        if case .named(let components)? = keyType, let last = components.last,
          last.arguments.count == 1
        {
          return last.arguments[0]
        }
      }
      return nil
    default:
      return nil
    }
  }

  /// Calls of the standard library's generic functions whose result type is an argument's:
  /// `max(a, b)`, `min`, `abs`; `reduce(initial) { … }`; `max()`, `min(by:)`, `first(where:)`,
  /// `randomElement()` of a sequence (its element, optional); `map { … }` and
  /// `compactMap { … }` of a sequence with a closure of one expression (an array of its type,
  /// the closure's parameter an element).
  private func genericCallType(_ callee: Expr, _ arguments: [Argument]) -> TypeSyntax? {
    switch callee {
    case .member(_, "count", _) where arguments.count == 1:
      // `count(where:)`, `count { … }`.
      return Self.named("Int")
    case .member(let base, let name, _)
    where ["sorted", "filter", "reversed", "shuffled"].contains(name):
      return elementType(base).map { .array($0) }
    case .member(let base, let name, _) where name == "map" || name == "compactMap":
      guard arguments.count == 1, case .closure(let closure) = arguments[0].value,
        let result = Self.singleResult(closure), let element = elementType(base)
      else { return nil }
      scopes.append([closure.parameters.first?.name ?? "$0": .typed(element)])
      defer { scopes.removeLast() }
      guard let type = inferType(result) else { return nil }
      return .array(name == "map" ? type : index.resolve(type).unwrapped)
    case .name(let name, _) where ["max", "min", "abs"].contains(name) && lookup(name) == nil:
      guard index.functionsByName[name] == nil else { return nil }
      let values = arguments.map(\.value)
      return values.first(where: { !Self.isLiteral($0) }).flatMap { inferType($0) }
        ?? values.first.flatMap { inferType($0) }
    case .member(_, "reduce", _):
      return arguments.first.flatMap { inferType($0.value) }
    case .member(let base, let name, _)
    where ["max", "min", "first", "last", "randomElement"].contains(name):
      return elementType(base).map { .optional($0) }
    default:
      return nil
    }
  }

  /// A property's type: its annotation, else its initializer's or getter's, read in its type.
  private func propertyType(_ typeName: String, _ name: String) -> TypeSyntax? {
    guard let property = index.type(named: typeName)?.properties[name] else { return nil }
    return type(of: property, in: typeName)
  }

  private func type(of property: TypeIndex.Property, in typeName: String?) -> TypeSyntax? {
    if let type = property.type { return type }
    if let argument = property.wrapperArgument {
      return wrappedType(argument, wrapper: property.wrapper)
    }
    guard let expression = property.initializer else { return nil }
    // Read as the property's own type sees it: no locals of the caller.
    let (savedScopes, savedSelf) = (scopes, selfType)
    scopes = [[:]]
    selfType = typeName
    defer { (scopes, selfType) = (savedScopes, savedSelf) }
    return inferType(expression)
  }

  private func memberType(_ base: Expr, _ name: String) -> TypeSyntax? {
    // `UInt32.max`, `Int.zero`: a number type's own.
    if case .name(let baseName, _) = base, Self.specifiers[baseName] != nil,
      ["max", "min", "zero"].contains(name)
    {
      return Self.named(baseName)
    }
    if let generic = genericMemberType(base, name) { return generic }
    // `Type.staticMember` or `instance.member`.
    let baseType: TypeSyntax?
    if case .name(let baseName, _) = base, baseName.first?.isUppercase == true,
      index.type(named: baseName) != nil, lookup(baseName) == nil
    {
      baseType = Self.named(baseName)
    } else {
      baseType = inferType(base).map { index.resolve($0).unwrapped }
    }
    // `result.settingsImported` of a `(success: Bool, settingsImported: Int)`, `pair.0`.
    if case .tuple(let elements)? = baseType {
      for (position, element) in elements.enumerated() {
        if case .labeled(name, let type) = element { return type }
        if name == String(position) {
          if case .labeled(_, let type) = element { return type }
          return element
        }
      }
      return nil
    }
    guard let baseType, let typeName = baseType.name else { return nil }
    // `Level.low`: an enum's case is of that enum.
    if case .name = base, index.type(named: typeName)?.cases[name] != nil {
      return Self.named(typeName)
    }
    if name == "rawValue", let raw = index.type(named: typeName)?.inheritance.first,
      let rawName = raw.name, Self.knownTypes.contains(rawName) || Self.specifiers[rawName] != nil
    {
      return raw
    }
    guard let type = propertyType(typeName, name) else { return nil }
    // `vm.state` of a `FetchVM<Int>` whose `state` is a `FetchState<T>`: `FetchState<Int>`.
    return substitutingGenericArguments(of: baseType, in: type)
  }

  /// `type`, written inside a generic type, with the generic arguments of a use of that type
  /// (`owner`: `FetchVM<Int>`) in place of its parameters.
  func substitutingGenericArguments(of owner: TypeSyntax, in type: TypeSyntax) -> TypeSyntax {
    guard case .named(let components) = owner, let last = components.last,
      !last.arguments.isEmpty, let name = owner.name,
      let parameters = index.type(named: name)?.genericParameters,
      parameters.count == last.arguments.count
    else { return type }
    return Self.substitute(
      type, Dictionary(zip(parameters, last.arguments), uniquingKeysWith: { first, _ in first }))
  }

  /// Members of the standard library's and SwiftUI's generic types: a `Binding`'s or a
  /// wrapper's `wrappedValue`, a range's bounds, an optional's `unsafelyUnwrapped`.
  private func genericMemberType(_ base: Expr, _ name: String) -> TypeSyntax? {
    // An array's `first` and `last`: an optional element.
    if name == "first" || name == "last",
      case .array(let element)? = inferType(base).map({ index.resolve($0).unwrapped })
    {
      return .optional(element)
    }
    guard ["wrappedValue", "lowerBound", "upperBound"].contains(name),
      case .named(let components)? = inferType(base).map({ index.resolve($0).unwrapped }),
      let last = components.last, last.arguments.count == 1
    else { return nil }
    switch (last.name, name) {
    case ("Binding", "wrappedValue"), ("State", "wrappedValue"), ("Range", "lowerBound"),
      ("Range", "upperBound"), ("ClosedRange", "lowerBound"), ("ClosedRange", "upperBound"):
      return last.arguments[0]
    default:
      return nil
    }
  }

  private func callType(_ callee: Expr) -> TypeSyntax? {
    switch callee {
    case .name(let name, _):
      if Self.knownTypes.contains(name) || index.declaredTypes.contains(name) {
        return Self.named(name)
      }
      return unanimousResult(index.functionsByName[name] ?? [])
    case .type(let type, _):
      return type
    case .array(let elements, _) where elements.count == 1:
      // `[Row]()`: an empty array of that type.
      return typeWritten(elements[0]).map { .array($0) }
    case .dictionary(let pairs, _) where pairs.count == 1:
      guard let key = typeWritten(pairs[0].key), let value = typeWritten(pairs[0].value) else {
        return nil
      }
      return .dictionary(key, value)
    case .member(let base, let name, _):
      if let first = name.first, first.isUppercase { return Self.named(name) }
      if let known = Self.wellKnownMethods[name] { return Self.named(known) }
      if case .name(let baseName, _) = base,
        Self.knownTypes.contains(baseName) || index.type(named: baseName) != nil,
        name == "init"
      {
        return Self.named(baseName)
      }
      if let typeName = inferType(base).flatMap({ index.resolve($0).unwrapped.name }),
        let methods = index.type(named: lastNameComponent(typeName))?.methods[
          name]
      {
        return unanimousResult(methods)
      }
      return unanimousResult(index.functionsByName[name] ?? [])
    default:
      return nil
    }
  }

  /// A type written as an expression (`Row`, `Module.Row`), by its name.
  private func typeWritten(_ expression: Expr) -> TypeSyntax? {
    switch expression {
    case .type(let type, _): return type
    case .name(let name, _) where name.first?.isUppercase == true: return Self.named(name)
    case .member(_, let name, _) where name.first?.isUppercase == true:
      return expression.text.isEmpty ? nil : Self.named(expression.text)
    default: return nil
    }
  }

  /// A number or string literal.
  static func isLiteral(_ expression: Expr) -> Bool {
    switch expression {
    case .integer, .float, .string, .boolean: true
    case .prefix("-", let operand, _): isLiteral(operand)
    default: false
    }
  }

  /// The result type every candidate agrees on.
  private func unanimousResult(_ functions: [TypeIndex.Function]) -> TypeSyntax? {
    guard let first = functions.first?.result else { return nil }
    return functions.allSatisfy({ $0.result == first }) ? first : nil
  }

  private func infixType(_ operands: [Expr], _ operators: [InfixOperator]) -> TypeSyntax? {
    // `c == x ? a : b`: the ternary binds loosest, so its results' type is the whole's.
    if let ternary = operators.firstIndex(where: { $0.text == "?:" }) {
      let rest = Array(operands[(ternary + 1)...])
      let restType =
        rest.count == 1
        ? inferType(rest[0]) : infixType(rest, Array(operators[(ternary + 1)...]))
      guard let middle = operators[ternary].middle else { return restType }
      // A literal result takes the other's type (`c ? 1 : count`).
      return Self.isLiteral(middle) ? restType ?? inferType(middle) : inferType(middle) ?? restType
    }
    let comparisons: Set<String> = ["==", "!=", "<", ">", "<=", ">=", "&&", "||", "===", "!=="]
    if operators.contains(where: { comparisons.contains($0.text) }) { return Self.named("Bool") }
    if let last = operators.lastIndex(where: { $0.text == "??" }) {
      // `x ?? 0`: a literal fallback takes the value's type.
      let value = inferType(operands[last]).map { index.resolve($0).unwrapped }
      if Self.isLiteral(operands[last + 1]), let value { return value }
      return inferType(operands[last + 1]) ?? value
    }
    if operators.count == 1, operators[0].text == "..." || operators[0].text == "..<" {
      // `5...8` is a `ClosedRange<Int>`, `0..<n` a `Range` of n's type.
      guard let bound = infixType(operands, []) else { return nil }
      return .named([
        TypeComponent(
          name: operators[0].text == "..." ? "ClosedRange" : "Range", arguments: [bound])
      ])
    }
    let arithmetic: Set<String> = [
      "+", "-", "*", "/", "%", "&+", "&-", "&*", "<<", ">>", "&", "|", "^",
    ]
    guard operators.allSatisfy({ arithmetic.contains($0.text) }) else { return nil }
    // A literal adapts to the other operand: `x * 2` and `2 * x` are x's type.
    var literalType: TypeSyntax?
    for operand in operands {
      switch operand {
      case .integer, .float:
        literalType = literalType ?? inferType(operand)
      default:
        if let type = inferType(operand) { return type }
      }
    }
    return literalType
  }
}
