import LHCPlist
import StringTables

/// `.stringsdict` property-list entries → the table model's ``StringsdictEntry``, the reverse of
/// what the writer emits.
enum StringsdictDecoder {
  /// The entry for one top-level key, or why it does not fit the model (a value that is not a
  /// dictionary, a rule without its fields, …).
  static func entry(_ value: PlistValue) -> Result<StringsdictEntry, Unsupported> {
    guard case .dictionary(let dictionary) = value else {
      return .failure(Unsupported("is \(value.typeDescription), not a dictionary"))
    }
    if case .dictionary? = dictionary[StringsdictKey.deviceSpecificRuleType] {
      return devices(value).map(StringsdictEntry.device)
    }
    if case .dictionary(let widths)? = dictionary[StringsdictKey.variableWidthRuleType] {
      var forms: [String: WidthForm] = [:]
      for (width, form) in sortedByName(widths) {
        switch form {
        case .string(let text): forms[width] = .text(text)
        case .dictionary(let fields) where fields[StringsdictKey.deviceSpecificRuleType] != nil:
          switch devices(form) {
          case .success(let devices): forms[width] = .device(devices)
          case .failure(let error): return .failure(Unsupported("width '\(width)' \(error.reason)"))
          }
        case .dictionary:
          switch format(form) {
          case .success(let rule): forms[width] = .format(rule)
          case .failure(let error): return .failure(Unsupported("width '\(width)' \(error.reason)"))
          }
        default:
          return .failure(Unsupported("width '\(width)' is \(form.typeDescription)"))
        }
      }
      return .success(.width(forms))
    }
    return format(value).map(StringsdictEntry.format)
  }

  /// `{NSStringDeviceSpecificRuleType: {device: text or format}}`.
  private static func devices(_ value: PlistValue) -> Result<[String: DeviceForm], Unsupported> {
    guard case .dictionary(let dictionary) = value,
      case .dictionary(let devices)? = dictionary[StringsdictKey.deviceSpecificRuleType]
    else {
      return .failure(Unsupported("has no \(StringsdictKey.deviceSpecificRuleType) dictionary"))
    }
    var forms = [String: DeviceForm](minimumCapacity: devices.count)
    for (device, form) in sortedByName(devices) {
      switch form {
      case .string(let text): forms[device] = .text(text)
      case .dictionary:
        switch format(form) {
        case .success(let rule): forms[device] = .format(rule)
        case .failure(let error):
          return .failure(Unsupported("device '\(device)' \(error.reason)"))
        }
      default:
        return .failure(Unsupported("device '\(device)' is \(form.typeDescription)"))
      }
    }
    return .success(forms)
  }

  /// `{NSStringLocalizedFormatKey: …, <variable>: {NSStringFormatSpecTypeKey: …, one: …}}`.
  private static func format(_ value: PlistValue) -> Result<FormatRule, Unsupported> {
    guard case .dictionary(let dictionary) = value,
      case .string(let formatKey)? = dictionary[StringsdictKey.localizedFormatKey]
    else {
      return .failure(Unsupported("has no \(StringsdictKey.localizedFormatKey) string"))
    }
    // Sized up front (no rehash as they grow): one variable per member but the format key, one
    // form per field but the spec type.
    var variables = [String: PluralVariable](minimumCapacity: dictionary.count - 1)
    for (name, variable) in sortedByName(dictionary) where name != StringsdictKey.localizedFormatKey
    {
      guard case .dictionary(let fields) = variable,
        case .string(let specType)? = fields[StringsdictKey.formatSpecTypeKey]
      else {
        return .failure(
          Unsupported("variable '\(name)' has no \(StringsdictKey.formatSpecTypeKey) string"))
      }
      var valueType: String?
      var forms = [String: String](minimumCapacity: fields.count - 1)
      for (field, content) in sortedByName(fields) where field != StringsdictKey.formatSpecTypeKey {
        guard case .string(let text) = content else {
          return .failure(
            Unsupported("variable '\(name)' field '\(field)' is \(content.typeDescription)"))
        }
        if field == StringsdictKey.formatValueTypeKey {
          valueType = text
        } else {
          forms[field] = text
        }
      }
      variables[name] = PluralVariable(specType: specType, valueType: valueType, forms: forms)
    }
    return .success(FormatRule(formatKey: formatKey, variables: variables))
  }

  /// A dictionary's members in name order, so that the member an `Unsupported` names is the same
  /// in every run (a `Dictionary`'s own order is seeded per process).
  private static func sortedByName<Value>(_ members: [String: Value]) -> [(
    key: String, value: Value
  )] {
    members.sorted { $0.key < $1.key }
  }

  /// Why an entry is left out of the comparison.
  struct Unsupported: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
  }
}

extension PlistValue {
  /// `a string`, `an integer`, … for messages.
  var typeDescription: String {
    switch self {
    case .string: "a string"
    case .dictionary: "a dictionary"
    case .array: "an array"
    case .integer: "an integer"
    case .boolean: "a boolean"
    case .real: "a real number"
    case .data: "data"
    case .date: "a date"
    }
  }
}
