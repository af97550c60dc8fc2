import SwiftSource

/// The declarations of the scanned sources that extraction asks about: each type's properties,
/// methods and initializers (extensions merged in), global variables and functions, type aliases.
/// One index serves all files: a type declared in a package is known where the app uses it.
/// Types of the same name in several modules are merged (the first declaration of a member wins).
public final class TypeIndex: @unchecked Sendable {
  struct Property {
    var type: TypeSyntax?
    /// The initializer, or a computed property's one returned expression (`{ value }`): what its
    /// type is inferred from when it has no annotation. (Not the whole getter: the index would
    /// keep every view's `body` alive.)
    var initializer: Expr?
    /// A property wrapper's first argument, for a wrapped property with neither
    /// (`@Environment(Model.self) var model`, `@Default(.count) var count`).
    var wrapperArgument: Expr? = nil
    /// That wrapper's name (`Environment`).
    var wrapper: String? = nil
  }

  struct Function {
    var parameters: [Parameter]
    var result: TypeSyntax?
    /// `@_disfavoredOverload`: it loses to any other overload that fits.
    var isDisfavored = false
    /// The calls each `String` parameter is passed to in the body, by parameter index (the
    /// callees' names): what ``TypeIndex/keyParameters(of:)`` follows.
    var forwards: [Int: Set<String>] = [:]
  }

  struct TypeInfo {
    /// Declared here (struct, class, enum, actor, protocol), not only extended.
    var isDeclared = false
    var isStruct = false
    var hasExplicitInitializer = false
    var inheritance: [TypeSyntax] = []
    var properties: [String: Property] = [:]
    var methods: [String: [Function]] = [:]
    var initializers: [Function] = []
    /// Each declaration's stored instance properties in order, for its memberwise initializer
    /// (types of one name in several targets each have theirs).
    var memberwise: [[Parameter]] = []

    /// A stored property of the declaration being read (the last).
    mutating func addStoredProperty(_ parameter: Parameter) {
      if memberwise.isEmpty { memberwise.append([]) }
      memberwise[memberwise.count - 1].append(parameter)
    }
    var cases: [String: [Parameter]] = [:]
    /// Its generic parameters' names, for a use's arguments (`Load<Int>`: `Value` is `Int`).
    var genericParameters: [String] = []
  }

  private(set) var types: [String: TypeInfo] = [:]
  private(set) var globals: [String: Property] = [:]
  /// Every function and method by name, whatever declares it (for calls whose receiver's type is
  /// not known).
  private(set) var functionsByName: [String: [Function]] = [:]
  private(set) var aliases: [String: TypeSyntax] = [:]
  /// The names of the types declared here (not only extended).
  private(set) var declaredTypes = Set<String>()
  /// Every enum case with associated values by name (`.custom(title:)` called as a function).
  private(set) var casesByName: [String: [[Parameter]]] = [:]

  public convenience init(trees: [SourceTree]) {
    self.init()
    for tree in trees { add(tree) }
    finish()
  }

  public init() {}

  /// One index of several files' indexes, each made where its file was parsed (in file order:
  /// a member's first declaration still wins). Building the index on one thread after the parse
  /// was a tenth of `lhc extract`'s time.
  /// `lookups`: functions that look their `String` arguments up besides the SDK's (the
  /// project's `LOCALIZED_STRING_MACRO_NAMES`).
  public convenience init(merging parts: [TypeIndex], lookups: Set<String> = []) {
    self.init()
    for part in parts { merge(part) }
    finish(lookups: lookups)
  }

  private func merge(_ other: TypeIndex) {
    for (name, theirs) in other.types {
      // Taken out while it changes: a copy left in the table would copy its members' tables.
      guard var info = types.removeValue(forKey: name) else {
        types[name] = theirs
        continue
      }
      if theirs.isDeclared, !info.isDeclared {
        info.isDeclared = true
        info.isStruct = theirs.isStruct
        info.genericParameters = theirs.genericParameters
      }
      info.hasExplicitInitializer = info.hasExplicitInitializer || theirs.hasExplicitInitializer
      info.inheritance += theirs.inheritance
      info.properties.merge(theirs.properties) { first, _ in first }
      info.methods.merge(theirs.methods) { $0 + $1 }
      info.initializers += theirs.initializers
      info.memberwise += theirs.memberwise
      info.cases.merge(theirs.cases) { first, _ in first }
      types[name] = info
    }
    globals.merge(other.globals) { first, _ in first }
    functionsByName.merge(other.functionsByName) { $0 + $1 }
    aliases.merge(other.aliases) { first, _ in first }
    declaredTypes.formUnion(other.declaredTypes)
    casesByName.merge(other.casesByName) { $0 + $1 }
  }

  /// Adds the declarations of one file.
  public func add(_ tree: SourceTree) {
    for statement in tree.statements {
      if case .declaration(let declaration) = statement { add(declaration, in: nil) }
      if case .conditional(let clauses, _) = statement {
        for clause in clauses {
          for case .declaration(let declaration) in clause.elements { add(declaration, in: nil) }
        }
      }
    }
  }

  /// A top-level declaration (`in` nil) or a member of the type `owner` (its own name and its
  /// qualified name).
  private func add(
    _ declaration: Declaration, in owner: (simple: String, qualified: String)?,
    inExtension: Bool = false
  ) {
    switch declaration.kind {
    case .type(let type):
      // A nested type by its own name (`Outer.Inner` is found as `Inner`, types of one name
      // merged) and by its qualified name (`Outer.Inner`, itself alone), where a member
      // written inside it is looked up first.
      let simple = lastNameComponent(type.name)
      let qualified =
        type.keyword == "extension" || owner == nil ? type.name : owner!.qualified + "." + simple
      for name in simple == qualified ? [simple] : [simple, qualified] {
        // In place: a copy of the entry would copy its members' tables.
        if type.keyword != "extension" {
          types[name, default: TypeInfo()].isDeclared = true
          types[name, default: TypeInfo()].isStruct = type.keyword == "struct"
          types[name, default: TypeInfo()].genericParameters = type.genericParameters
          types[name, default: TypeInfo()].memberwise.append([])
        }
        types[name, default: TypeInfo()].inheritance += type.inheritance
      }
      if type.keyword != "extension" { declaredTypes.insert(simple) }
      for member in type.members {
        add(member, in: (simple, qualified), inExtension: type.keyword == "extension")
      }
    case .conditional(let clauses):
      for clause in clauses {
        for member in clause.elements { add(member, in: owner, inExtension: inExtension) }
      }
    case .typeAlias(let name, let type):
      aliases[name] = aliases[name] ?? type
    default:
      guard let owner else {
        register(declaration, in: nil, inExtension: inExtension, global: true)
        return
      }
      register(declaration, in: owner.simple, inExtension: inExtension, global: true)
      if owner.simple != owner.qualified {
        register(declaration, in: owner.qualified, inExtension: inExtension, global: false)
      }
    }
  }

  /// A function, property or case of the type `typeName` (nil: a global one); `global`: also in
  /// the indexes of every function and case by name (once per declaration).
  private func register(
    _ declaration: Declaration, in typeName: String?, inExtension: Bool, global: Bool
  ) {
    switch declaration.kind {
    case .function(let function):
      let entry = Function(
        parameters: function.parameters, result: function.result,
        isDisfavored: declaration.attributes.contains { $0.name == "_disfavoredOverload" },
        forwards: KeyForwarding.forwards(function))
      if function.name == "init" {
        guard let typeName else { return }
        types[typeName, default: TypeInfo()].initializers.append(entry)
        if !inExtension { types[typeName, default: TypeInfo()].hasExplicitInitializer = true }
      } else {
        if global { functionsByName[function.name, default: []].append(entry) }
        if let typeName {
          types[typeName, default: TypeInfo()].methods[function.name, default: []].append(entry)
        }
      }
    case .variable(let variable):
      for binding in variable.bindings {
        for name in binding.names {
          var value = binding.names.count == 1 ? binding.initializer : nil
          if binding.type == nil, let getter = binding.getter, getter.count == 1 {
            switch getter[0] {
            case .expression(let returned), .returnStatement(let returned?, _): value = returned
            default: break
            }
          }
          let wrapped =
            binding.type == nil && value == nil
            ? declaration.attributes.first { $0.arguments?.first != nil } : nil
          let property = Property(
            type: binding.type, initializer: binding.type == nil ? value : nil,
            wrapperArgument: wrapped?.arguments?.first?.value, wrapper: wrapped?.name)
          guard let typeName else {
            globals[name] = globals[name] ?? property
            continue
          }
          if types[typeName, default: TypeInfo()].properties[name] == nil {
            types[typeName, default: TypeInfo()].properties[name] = property
          }
          let isStored = binding.getter == nil && !declaration.isStatic
          if isStored, !inExtension {
            // A `let` with a value is not a memberwise parameter; a `var` with one, or a wrapped
            // property, is an optional one.
            if variable.isLet, binding.initializer != nil { continue }
            let hasDefault =
              binding.initializer != nil || !declaration.attributes.isEmpty
              || binding.type?.isOptional == true && !variable.isLet
            let parameter = Parameter(
              label: name, name: name, type: binding.type,
              defaultValue: hasDefault ? .nilLiteral(offset: 0) : nil, isVariadic: false,
              offset: binding.offset)
            types[typeName, default: TypeInfo()].addStoredProperty(parameter)
          }
        }
      }
    case .enumCase(let elements):
      guard let typeName else { return }
      for element in elements {
        types[typeName, default: TypeInfo()].cases[element.name] = element.parameters
        if global, !element.parameters.isEmpty {
          casesByName[element.name, default: []].append(element.parameters)
        }
      }
    default:
      break
    }
  }

  /// The functions (and initializers, by their type's name) with a `String` parameter they look
  /// up, directly or through another such function (``finish()`` makes it, once the index is
  /// complete).
  private var keyWrappers = Set<String>()
  /// Functions the project names as lookups (`LOCALIZED_STRING_MACRO_NAMES`).
  private var namedLookups = Set<String>()

  /// Whether a call of `name` looks its `String` arguments up (a lookup the project names).
  func isNamedLookup(_ name: String) -> Bool { namedLookups.contains(name) }

  /// Follows the functions that look their `String` parameters up, through each other.
  private func finish(lookups: Set<String> = []) {
    namedLookups = lookups
    inheritMembers()
    var byName = functionsByName
    for (name, info) in types where !info.initializers.isEmpty {
      byName[name, default: []] += info.initializers
    }
    var wrappers = Set<String>()
    var changed = true
    while changed {
      changed = false
      for (name, functions) in byName where !wrappers.contains(name) {
        let forwardsAKey = functions.contains { function in
          function.forwards.values.contains { callees in
            callees.contains {
              KeyForwarding.lookups.contains($0) || wrappers.contains($0)
                || lookups.contains($0)
            }
          }
        }
        if forwardsAKey {
          wrappers.insert(name)
          changed = true
        }
      }
    }
    keyWrappers = wrappers
  }

  /// Gives each type the properties and methods of the types it inherits from that the sources
  /// declare or extend (a superclass, a protocol's extension), its own winning: `errorMessage =
  /// "…"` in a subclass assigns the superclass's `LocalizedStringResource` property. Initializers
  /// are not inherited (a subclass's own rules decide them).
  private func inheritMembers() {
    var done = Set<String>()
    func complete(_ name: String, depth: Int) {
      guard !done.contains(name), depth < 16, var info = types[name] else { return }
      done.insert(name)
      for parent in info.inheritance {
        guard let parentName = parent.name.map(lastNameComponent), parentName != name else {
          continue
        }
        complete(parentName, depth: depth + 1)
        guard let inherited = types[parentName] else { continue }
        info.properties.merge(inherited.properties) { own, _ in own }
        for (method, overloads) in inherited.methods where info.methods[method] == nil {
          info.methods[method] = overloads
        }
      }
      types[name] = info
    }
    for name in types.keys.sorted() where !(types[name]?.inheritance.isEmpty ?? true) {
      complete(name, depth: 0)
    }
  }

  /// The parameters of `function` that it looks up as keys (by index).
  func keyParameters(of function: Function) -> Set<Int> {
    guard !function.forwards.isEmpty else { return [] }
    return Set(
      function.forwards.filter { _, callees in
        callees.contains {
          KeyForwarding.lookups.contains($0) || keyWrappers.contains($0)
            || namedLookups.contains($0)
        }
      }.keys)
  }

  /// A type's name after following type aliases.
  func resolve(_ type: TypeSyntax) -> TypeSyntax {
    var type = type
    var steps = 0
    while case .named(let components) = type, components.count == 1,
      components[0].arguments.isEmpty,
      let alias = aliases[components[0].name], steps < 8
    {
      type = alias
      steps += 1
    }
    return type
  }

  /// A type by its qualified name (`Outer.Inner`), else by its own (`Inner`).
  func type(named name: String) -> TypeInfo? {
    types[name] ?? (name.contains(".") ? types[lastNameComponent(name)] : nil)
  }

  /// The static properties named `name` of any type (`.count` in `@Default(.count)`).
  func staticProperties(named name: String) -> [Property] {
    types.values.compactMap { $0.properties[name] }
  }

  /// The initializers a call `Name(…)` may mean: the declared ones, and a struct's memberwise
  /// initializer (each declaration's) when its declaration has none of its own.
  func initializers(of name: String) -> [Function] {
    guard let info = types[name] else { return [] }
    var result = info.initializers
    if info.isStruct, !info.hasExplicitInitializer {
      result += info.memberwise.map { Function(parameters: $0, result: nil) }
    }
    return result
  }
}

/// A dotted name's last component (`Outer.Inner` → `Inner`; nested types are indexed by it).
func lastNameComponent(_ name: String) -> String {
  guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")) else { return name }
  return String(name[name.utf8.index(after: dot)...])
}
