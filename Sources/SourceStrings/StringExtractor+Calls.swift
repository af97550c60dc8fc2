import SwiftSource

/// Calls: the scanned sources' own functions and initializers first (each argument's context
/// from the overloads that fit), then the SDK's rows of ``localizableAPITable``: the key, table,
/// comment, default value and bundle of each extracted string, and the lookups Xcode does not
/// extract.
extension StringExtractor {
  func walkCall(_ callee: Expr, _ arguments: [Argument], _ trailing: [Argument]) {
    switch callee {
    case .name(let name, _):
      // `Self(…)` inside a type: that type's initializer.
      let type = name == "Self" ? selfType.map(Self.simpleName) ?? name : name
      walkCall(name: type, isMethod: false, arguments: arguments, trailing: trailing)
    case .type(let type, _):
      walkCall(
        name: type.name.map(lastNameComponent) ?? "",
        isMethod: false, arguments: arguments, trailing: trailing)
    case .member(let base, let name, _):
      if let first = name.first, first.isUppercase, Self.isTypePath(base) {
        // `SwiftUI.Section("…")` is the SDK's, whatever the app declares; `Settings.Toggle`
        // (a type of the app, another module) is not.
        let module = base.text
        let owner = Self.simpleName(module)
        let origin: CallOrigin =
          Self.sdkModules.contains(module) || Self.knownTypes.contains(owner)
            || localizableTypes[owner] != nil
          ? .sdk
          : index.declaredTypes.contains(owner)
            ? .declared
            : index.type(named: owner) != nil ? .any : .otherModule
        walkCall(
          name: name, isMethod: false, arguments: arguments, trailing: trailing, origin: origin)
      } else {
        walk(base, nil)
        walkCall(
          name: name, isMethod: true, arguments: arguments, trailing: trailing, receiver: base)
      }
    case .implicitMember(let name, _):
      walkCall(name: name, isMethod: true, arguments: arguments, trailing: trailing)
    default:
      walk(callee, nil)
      for argument in arguments + trailing { walk(argument.value, nil) }
    }
  }

  /// Where a qualified call's callee is declared (`Module.Name(…)`).
  enum CallOrigin {
    /// Not qualified: the scanned sources' declarations first, then the SDK's rows.
    case any
    /// In Apple's SDK: its rows only.
    case sdk
    /// In the scanned sources (a nested type): their declarations only.
    case declared
    /// In another module (a dependency): neither.
    case otherModule
  }

  /// The SDK's modules whose types the table's rows are.
  static let sdkModules: Set<String> = [
    "SwiftUI", "SwiftUICore", "Foundation", "AppIntents", "WidgetKit", "Charts", "TipKit",
    "MapKit", "ActivityKit", "PhotosUI", "StoreKit", "LocalAuthentication",
  ]

  /// `SwiftUI`, `String`, `Foundation.String`: a module or type name.
  static func isTypePath(_ expression: Expr) -> Bool {
    switch expression {
    case .name(let name, _): name.first?.isUppercase == true
    case .member(let base, let name, _): name.first?.isUppercase == true && isTypePath(base)
    default: false
    }
  }

  /// A call of `name`: the scanned sources' own declarations of it first, else the SDK's rows.
  /// `receiver` is a method's base (for the elements its closures receive).
  func walkCall(
    name: String, isMethod: Bool, arguments: [Argument], trailing: [Argument],
    receiver: Expr? = nil, origin: CallOrigin = .any
  ) {
    // `ForEach(collection) { element in … }`, `collection.map { element in … }`.
    let collection: Expr? =
      isMethod
      ? (Self.elementMethods.contains(name) ? receiver : nil)
      : (name == "ForEach" || name == "List"
        ? arguments.first(where: { $0.label == nil })?.value : nil)
    let closures = (arguments + trailing).compactMap { argument -> Closure? in
      if case .closure(let closure) = argument.value { return closure }
      return nil
    }
    if let collection, closures.count == 1 {
      for argument in arguments where !Self.isClosure(argument.value) { walk(argument.value, nil) }
      walk(closures[0], elementsOf: collection)
      return
    }
    // The value a presentation's closure receives (`.sheet(item: $selection) { selection in }`,
    // `.alert(…, presenting: error) { error in }`), a table's row.
    let savedRow = tableRow
    defer { tableRow = savedRow }
    var receives: LocalBinding?
    if isMethod,
      let presented = arguments.first(where: { ["item", "presenting"].contains($0.label) })
    {
      // Typed here: the closure's parameter often has the presented value's name.
      var value = presented.value
      if case .name(let name, let offset) = value, name.hasPrefix("$") {
        value = .name(String(name.dropFirst()), offset: offset)
      }
      receives = inferType(value).map { .typed(index.resolve($0).unwrapped) }
    } else if !isMethod, name == "Table" {
      if let of = arguments.first(where: { $0.label == "of" }),
        case .member(let type, "self", _) = of.value, let typeName = type.text as String?
      {
        tableRow = .typed(Self.named(typeName))
      } else if let rows = arguments.first(where: { $0.label == nil }) {
        tableRow = .element(rows.value)
      }
    } else if !isMethod, name == "TableColumn" {
      receives = tableRow
    }
    if let receives, let last = closures.last { closureReceives[last.offset] = receives }
    if isMethod, ["append", "insert"].contains(name), let receiver, let first = arguments.first,
      case .array(let element)? = inferType(receiver).map({ index.resolve($0).unwrapped })
    {
      // `items.append(.init(title: "…"))`: an element of the array (`contentsOf:` an array).
      let type: TypeSyntax = first.label == "contentsOf" ? .array(element) : element
      walk(first.value, context(for: type, api: ".\(name)"))
      for argument in arguments.dropFirst() + trailing { walk(argument.value, nil) }
      return
    }
    // A function `LOCALIZED_STRING_MACRO_NAMES` names is read as `NSLocalizedString` is, whatever
    // the sources declare of it; `OCLocalizedString("key", nil)`'s second argument is the comment.
    if !isMethod, origin == .any, index.isNamedLookup(name),
      var row = LocalizableAPI.byCallee["NSLocalizedString"]?.first
    {
      row.callee = name
      var arguments = arguments
      if arguments.count >= 2, arguments[1].label == nil,
        !arguments.contains(where: { $0.label == "comment" })
      {
        arguments[1].label = "comment"
      }
      var consumed = Set<Int>()
      _ = apply(row, arguments, receiver: nil, consumed: &consumed)
      for (position, argument) in arguments.enumerated() where !consumed.contains(position) {
        walk(argument.value, nil)
      }
      for argument in trailing { walk(argument.value, nil) }
      return
    }
    if origin == .any || origin == .declared,
      let contexts = declaredContexts(
        name: name, isMethod: isMethod, arguments: arguments, receiver: receiver)
    {
      for (argument, context) in zip(arguments, contexts) { walk(argument.value, context) }
      for argument in trailing { walk(argument.value, nil) }
      return
    }
    if !isMethod, name == "AppShortcut", origin == .any || origin == .sdk,
      let phrases = arguments.first(where: { $0.label == "phrases" })
    {
      recordPhrases(phrases.value)
    }
    var consumed = Set<Int>()
    if origin == .any || origin == .sdk, let rows = LocalizableAPI.byCallee[name] {
      let receiverText = receiver?.text
      for row in rows
      where row.isMethod == isMethod && (row.receiver == nil || row.receiver == receiverText)
        && (row.introduced.map(conditions.isAvailable) ?? true)
      {
        if apply(row, arguments, receiver: receiver, consumed: &consumed) { break }
      }
    }
    for (position, argument) in arguments.enumerated() where !consumed.contains(position) {
      walk(argument.value, Self.isVerbatimArgument(name, argument.label) ? .verbatim : nil)
    }
    for argument in trailing { walk(argument.value, nil) }
  }

  /// An App Shortcut's phrases (an array of literals), into table `AppShortcuts` as Xcode's
  /// build writes them: the first phrase is the key, all of them its value (a string set);
  /// `\(.applicationName)` and a parameter `\(\.$name)` become `${applicationName}`,
  /// `${name}`. Phrases of another form (a variable, another interpolation) are not read.
  func recordPhrases(_ argument: Expr) {
    guard !notesOnly, case .array(let items, let offset) = Self.unparenthesized(argument) else {
      return
    }
    var phrases: [String] = []
    for item in items {
      guard case .string(let literal) = Self.unparenthesized(item) else { return }
      var phrase = ""
      for segment in literal.segments {
        switch segment {
        case .text(let text): phrase += text
        case .interpolation(let arguments, _):
          guard arguments.count == 1, arguments[0].label == nil else { return }
          switch arguments[0].value {
          case .implicitMember(let name, _): phrase += "${\(name)}"
          case .keyPath(let components, _) where components.count == 1:
            phrase += "${\(components[0].drop { $0 == "$" })}"
          default: return
          }
        }
      }
      phrases.append(phrase)
    }
    guard let first = phrases.first else { return }
    strings.append(
      LocalizableString(
        table: "AppShortcuts", key: first, value: nil, offset: offset,
        api: "AppShortcut(phrases:)", path: .system, phrases: phrases))
  }

  /// SDK arguments that take a `String` shown or used as is: `Text(verbatim:)`, and SF Symbols'
  /// names (`systemImage:`, `systemName:`), whatever the call.
  static func isVerbatimArgument(_ callee: String, _ label: String?) -> Bool {
    switch label {
    case "verbatim": callee == "Text"
    case "systemImage", "systemName": true
    default: false
    }
  }

  /// Extracts the key (and the `also` arguments) of an SDK row from a call's arguments; false
  /// when the row does not apply (its key argument, or the default value it needs, is absent).
  func apply(
    _ row: LocalizableAPI, _ arguments: [Argument], receiver: Expr?, consumed: inout Set<Int>
  ) -> Bool {
    func position(of label: String?) -> Int? {
      arguments.firstIndex { $0.label == label }
    }
    guard let keyPosition = position(of: row.keyLabel) else { return false }
    let valuePosition = row.valueLabel.flatMap { position(of: $0) }
    if row.kind == .staticWithValue, valuePosition == nil { return false }
    var call = Position(
      kind: row.kind, api: row.displayName, path: row.path, isExtracted: row.isExtracted)
    if row.bundleLabel == "^" {
      call.bundle = receiver?.text
    } else if let label = row.bundleLabel, let bundlePosition = position(of: label) {
      consumed.insert(bundlePosition)
      call.bundle = Self.unparenthesized(arguments[bundlePosition].value).text
    }
    if let label = row.tableLabel, let tablePosition = position(of: label) {
      consumed.insert(tablePosition)
      let argument = arguments[tablePosition].value
      if let name = plainLiteral(argument) {
        call.table = name.isEmpty ? "Localizable" : name
      } else if !Self.isNil(argument) {
        // `tableName: nil` is the default table; any other expression is not a literal.
        if row.isExtracted {
          report(
            "\(call.api): the table is not a string literal; the string is not extracted",
            at: arguments[tablePosition].offset)
        }
        call.table = ""
        call.isExtracted = false
        consumed.insert(keyPosition)
        recordLookup(Self.unparenthesized(arguments[keyPosition].value), call)
        return true
      }
    }
    applyKey(row, call, arguments, keyPosition, valuePosition, &consumed)
    return true
  }

  func applyKey(
    _ row: LocalizableAPI, _ call: Position, _ arguments: [Argument], _ keyPosition: Int,
    _ valuePosition: Int?, _ consumed: inout Set<Int>
  ) {
    var call = call
    if let label = row.commentLabel,
      let commentPosition = arguments.firstIndex(where: { $0.label == label })
    {
      consumed.insert(commentPosition)
      call.comment = plainLiteral(arguments[commentPosition].value)
      if call.comment == nil, !Self.isNil(arguments[commentPosition].value) {
        walk(arguments[commentPosition].value, nil)
      }
    }
    if call.comment?.isEmpty == true { call.comment = nil }
    var value: String?
    if let valuePosition {
      consumed.insert(valuePosition)
      if case .string(let literal) = Self.unparenthesized(arguments[valuePosition].value) {
        let valueKind: LocalizableAPI.Kind = row.kind == .static ? .static : .value
        value = key(of: literal, kind: valueKind, api: call.api).map(\.key)
      } else {
        walk(arguments[valuePosition].value, nil)
      }
    }
    consumed.insert(keyPosition)
    let keyArgument = Self.unparenthesized(arguments[keyPosition].value)
    if case .string(let literal) = keyArgument {
      record(literal, call, value: value)
      walkInterpolations(literal)
    } else {
      // `Text(c ? "a" : "b", comment: "…")`: Xcode extracts both keys without the comment
      // (nostur's and Impressia's catalogs).
      if Self.isLiteralChoice(keyArgument) { call.comment = nil }
      if !Self.isLiteralChoice(keyArgument) {
        if row.isExtracted, Self.isVerbatim(row.kind) {
          report(
            "\(call.api): the key is not a string literal; it is not extracted",
            at: keyArgument.offset)
        }
        recordLookup(keyArgument, call)
      }
      walk(keyArgument, .localizable(call))
    }
    for label in row.alsoLabels {
      for (position, argument) in arguments.enumerated() where argument.label == label {
        consumed.insert(position)
        walk(
          argument.value,
          .localizable(Position(kind: .resource, api: "\(call.api) \(label):", path: row.path)))
      }
    }
  }

  /// A key read verbatim (a `String` parameter): a text that is not a literal is a key made at
  /// run time.
  static func isVerbatim(_ kind: LocalizableAPI.Kind) -> Bool {
    kind == .static || kind == .staticWithValue || kind == .lookup
  }

  /// A lookup whose key (or table) is not a literal: recorded for `lhc lint --sources` where the
  /// call looks something up (not SwiftUI's initializers, whose argument may be a `String` shown
  /// verbatim, nor the system's App Intents). A `String` turned into a key
  /// (`NSLocalizedString(name, …)`, `LocalizedStringKey(name)`) is a pattern of the parts its
  /// literal has; a localizable value made elsewhere (`String(localized: title)`) is a value.
  func recordLookup(_ key: Expr, _ call: Position) {
    guard call.path != .swiftUI, call.path != .system, !Self.isLiteralChoice(key) else { return }
    var form = LocalizableString.KeyForm.value
    var table = call.table
    if Self.isVerbatim(call.kind) || call.path == .value {
      var parts = [""]
      if case .string(let literal) = key {
        for segment in literal.segments {
          switch segment {
          case .text(let text): parts[parts.count - 1] += text
          case .interpolation: parts.append("")
          }
        }
      } else {
        parts.append("")
      }
      form = .pattern(parts)
      // A key made for a later lookup is looked up in whatever table that lookup names.
      if call.path == .value { table = "" }
    }
    if case .string(let literal) = key, literal.plainText != nil, !literal.isMalformed {
      form = .literal
    }
    lookups.append(
      LocalizableString(
        table: table, key: form == .literal ? plainLiteral(key) ?? key.text : key.text,
        offset: key.offset, api: call.api, bundle: call.bundle, path: call.path, keyForm: form))
  }
}
