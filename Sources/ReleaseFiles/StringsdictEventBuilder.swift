import Foundation
import LHCPlist
import StringTables

/// Builds a `.stringsdict` file's entries straight from the parse events
/// (``PlistReader/readDictionaries(_:into:)``), for the shape lhc and Xcode write: every entry a
/// format (`NSStringLocalizedFormatKey` and variables of string fields with an
/// `NSStringFormatSpecTypeKey`), a device choice or a width choice, exactly as
/// ``StringsdictDecoder`` reads them.
///
/// The fast path of ``TableFileReader``: no ``PlistValue`` tree, no dictionary per plist
/// dictionary, field names compared as bytes. On the tree of the 9.9 MB bench catalog, reading
/// the `.stringsdict` files through `PlistValue` and the decoder was 453M of `lhc pack --from`'s
/// 1,184M instructions (Benchmarks/README.md, issue 24). Whatever the decoder would read
/// differently or refuse (a repeated field, a member beside a device or width choice, a missing
/// field, any other value) gives up, and ``TableFileReader`` reads the document the full way, so
/// every entry, warning and error stays as that path makes it.
///
/// A repeated member name is found by a linear search of the names read in the open dictionary
/// (these are small: plural forms, devices, widths, variables; one with more than
/// ``maxMembers`` names gives up), not by the dictionaries being built, so that without values
/// (`lhc pack`'s read-back keeps only the keys) the dictionaries are left empty: hashing every
/// name into them and freeing them was 35M of the 944M instructions of `lhc pack --from` on the
/// 9.9 MB bench catalog's tree.
final class StringsdictEventBuilder: PlistDictionaryHandler {
  /// The entries' keys in document order, repeated keys kept.
  private(set) var keys: [String] = []
  /// `entries[i]` for `keys[i]`.
  private(set) var entries: [StringsdictEntry] = []

  /// A rule dictionary's depth: an entry, a width's form, a device's form (in that nesting).
  private enum Level: Int { case entry = 0, width, device }

  /// What an open dictionary is.
  private enum Place {
    case root
    case rule(Level)
    case devices
    case widths
    case variable
  }

  /// The special member names, recognized by their bytes; others are names.
  private enum Field { case formatKey, deviceRule, widthRule, specType, valueType }

  /// A rule dictionary being read: a format, or one device or width choice.
  private struct Rule {
    var formatKey: String?
    var variables: [String: PluralVariable] = [:]
    var devices: [String: DeviceForm]?
    var widths: [String: WidthForm]?
    /// Whether a variable was read (``variables`` stays empty without values).
    var hasVariables = false
    /// True until a member is read.
    var isEmpty: Bool { formatKey == nil && !hasVariables && devices == nil && widths == nil }
  }

  /// A variable dictionary being read.
  private struct Variable {
    var specType: String?
    var valueType: String?
    var forms: [String: String] = [:]
  }

  // The parser calls back on one thread, one event at a time: no access to these overlaps
  // another, so the run-time exclusivity checks (a few per event) are left out.
  /// The open dictionaries, innermost last, each with the key it is the value of and where its
  /// member names start in ``names``.
  @exclusivity(unchecked) private var places: [(place: Place, name: String, firstName: Int)] = []
  /// The member names read in each open dictionary but the root, one dictionary after another.
  @exclusivity(unchecked) private var names: [String] = []
  /// The most member names a dictionary other than the root may have on this path.
  static let maxMembers = 32
  /// The key just read, waiting for its value: a special field or a name.
  @exclusivity(unchecked) private var pendingField: Field?
  @exclusivity(unchecked) private var pendingName = ""
  /// One rule per level (only one of each is open at a time).
  @exclusivity(unchecked) private var rules = [Rule](repeating: Rule(), count: 3)
  @exclusivity(unchecked) private var devices: [String: DeviceForm] = [:]
  @exclusivity(unchecked) private var widths: [String: WidthForm] = [:]
  @exclusivity(unchecked) private var variable = Variable()
  /// False: every `<string>` is read as `""` (the shape is checked all the same).
  private let keepsValues: Bool

  private init(keepsValues: Bool) {
    self.keepsValues = keepsValues
  }

  /// The entries of the `.stringsdict` file in `bytes`, nil when it is not of the shape (the
  /// caller then reads it through ``PlistReader/rootEntries(_:)`` and ``StringsdictDecoder``).
  /// `values` false: the entries are hollow (every text `""`, no plural form, variable, device
  /// or width kept); the keys are the file's, and what gives up is the same.
  static func entries(_ bytes: [UInt8], values: Bool = true) -> (
    keys: [String], entries: [StringsdictEntry]
  )? {
    let builder = StringsdictEventBuilder(keepsValues: values)
    guard PlistReader.readDictionaries(bytes, into: builder) else { return nil }
    return (builder.keys, builder.entries)
  }

  func key(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    pendingField = nil
    switch places.last?.place {
    case .rule?:
      if Self.equals(text, Name.localizedFormatKey) {
        pendingField = .formatKey
      } else if Self.equals(text, Name.deviceSpecificRuleType) {
        pendingField = .deviceRule
      } else if Self.equals(text, Name.variableWidthRuleType) {
        pendingField = .widthRule
      }
    case .variable?:
      if Self.equals(text, Name.formatSpecTypeKey) {
        pendingField = .specType
      } else if Self.equals(text, Name.formatValueTypeKey) {
        pendingField = .valueType
      }
    default: break
    }
    if pendingField == nil { pendingName = String(decoding: text, as: UTF8.self) }
    return true
  }

  func string(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    // No value is looked at here, so leaving them out changes nothing but the entries.
    let string = keepsValues ? String(decoding: text, as: UTF8.self) : ""
    switch places.last?.place {
    case .rule(let level)?:
      guard pendingField == .formatKey, rules[level.rawValue].formatKey == nil,
        rules[level.rawValue].devices == nil, rules[level.rawValue].widths == nil
      else { return false }
      rules[level.rawValue].formatKey = string
      return true
    case .devices?:
      guard addMember(pendingName) else { return false }
      if keepsValues { devices[pendingName] = .text(string) }
      return true
    case .widths?:
      guard addMember(pendingName) else { return false }
      if keepsValues { widths[pendingName] = .text(string) }
      return true
    case .variable?:
      switch pendingField {
      case .specType?:
        guard variable.specType == nil else { return false }
        variable.specType = string
      case .valueType?:
        guard variable.valueType == nil else { return false }
        variable.valueType = string
      default:
        guard addMember(pendingName) else { return false }
        if keepsValues { variable.forms[pendingName] = string }
      }
      return true
    case .root?, nil: return false
    }
  }

  func beginDictionary() -> Bool {
    let opened: Place
    switch places.last?.place {
    case nil: opened = .root
    case .root?: opened = .rule(.entry)
    case .widths?: opened = .rule(.width)
    case .devices?: opened = .rule(.device)
    case .rule(let level)?:
      // A choice stands alone in its dictionary; a format's members are variables.
      let rule = rules[level.rawValue]
      guard rule.devices == nil, rule.widths == nil else { return false }
      switch pendingField {
      case .deviceRule? where level != .device && rule.isEmpty: opened = .devices
      case .widthRule? where level == .entry && rule.isEmpty: opened = .widths
      case nil: opened = .variable
      default: return false
      }
    case .variable?: return false
    }
    switch opened {
    case .rule(let level): rules[level.rawValue] = Rule()
    case .devices: devices = [:]
    case .widths: widths = [:]
    case .variable: variable = Variable()
    case .root: break
    }
    places.append((opened, pendingField == nil ? pendingName : "", names.count))
    return true
  }

  func endDictionary() -> Bool {
    guard let (closed, name, firstName) = places.popLast() else { return false }
    names.removeLast(names.count - firstName)
    let parent = places.last?.place
    switch (closed, parent) {
    case (.root, nil): return true
    case (.variable, .rule(let level)?):
      guard let specType = variable.specType, addMember(name) else { return false }
      rules[level.rawValue].hasVariables = true
      if keepsValues {
        rules[level.rawValue].variables[name] = PluralVariable(
          specType: specType, valueType: variable.valueType, forms: variable.forms)
      }
      return true
    case (.devices, .rule(let level)?):
      rules[level.rawValue].devices = devices
      return true
    case (.widths, .rule(let level)?):
      rules[level.rawValue].widths = widths
      return true
    case (.rule(let level), _):
      let rule = rules[level.rawValue]
      rules[level.rawValue] = Rule()
      return finish(rule, level: level, name: name)
    default: return false
    }
  }

  /// Hands a closed rule dictionary to its parent: an entry, a width's or a device's form.
  private func finish(_ rule: Rule, level: Level, name: String) -> Bool {
    let format = rule.formatKey.map { FormatRule(formatKey: $0, variables: rule.variables) }
    switch level {
    case .entry:
      let entry: StringsdictEntry
      if let devices = rule.devices {
        entry = .device(devices)
      } else if let widths = rule.widths {
        entry = .width(widths)
      } else if let format {
        entry = .format(format)
      } else {
        return false
      }
      keys.append(name)
      entries.append(entry)
      return true
    case .width:
      let form: WidthForm
      if let devices = rule.devices {
        form = .device(devices)
      } else if let format {
        form = .format(format)
      } else {
        return false
      }
      guard addMember(name) else { return false }
      if keepsValues { widths[name] = form }
      return true
    case .device:
      guard let format, addMember(name) else { return false }
      if keepsValues { devices[name] = .format(format) }
      return true
    }
  }

  /// Records `name` as a member of the open dictionary; false when it has one of that name
  /// already, or ``maxMembers``.
  private func addMember(_ name: String) -> Bool {
    let first = places.last?.firstName ?? 0
    guard names.count - first < Self.maxMembers, !names[first...].contains(name) else {
      return false
    }
    names.append(name)
    return true
  }

  /// ``StringsdictKey``'s names, as bytes.
  private enum Name {
    static let localizedFormatKey: StaticString = "NSStringLocalizedFormatKey"
    static let formatSpecTypeKey: StaticString = "NSStringFormatSpecTypeKey"
    static let formatValueTypeKey: StaticString = "NSStringFormatValueTypeKey"
    static let deviceSpecificRuleType: StaticString = "NSStringDeviceSpecificRuleType"
    static let variableWidthRuleType: StaticString = "NSStringVariableWidthRuleType"
  }

  /// Whether `text` is the bytes of `name`.
  @inline(__always)
  private static func equals(_ text: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
    text.count == name.utf8CodeUnitCount
      && (text.isEmpty || memcmp(text.baseAddress!, name.utf8Start, text.count) == 0)
  }
}
