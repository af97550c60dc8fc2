import SourceStrings

/// The localizable strings of one Interface Builder file (`.xib`, `.storyboard`), as Xcode's
/// build extracts them into the file's `mul.lproj/<Name>.xcstrings`: key `<ObjectID>.<property>`,
/// the file's text as the source value, and the comment exactly as Xcode writes it
/// (`Class = "NSButtonCell"; title = "Refresh"; ObjectID = "1Nz-s2-tlh";`, then
/// `Note = "…";` with the object's localizer note). Which objects and properties are read is the
/// table in `lhc-extract(1)`, INTERFACE BUILDER (``IBRules``).
public enum InterfaceBuilderStrings {
  /// What every string found here names as its API.
  public static let api = "Interface Builder"

  /// The strings of the file in `bytes`, in document order, for table `table` (the file's name
  /// without extension); an error with the offset of what is wrong for malformed XML or a file
  /// that is not an Interface Builder document.
  public static func extract(_ bytes: [UInt8], table: String) throws(IBReadError)
    -> [LocalizableString]
  {
    let root = try IBDocumentReader.read(bytes)
    guard root.name == "document" else {
      throw IBReadError(
        "not an Interface Builder document: the root element is '\(root.name)'",
        offset: root.offset)
    }
    var rules = IBRules(platform: IBRules.Platform(of: root))
    rules.walk(root, parent: nil)
    var seen = Set<String>()
    return rules.found.compactMap { found in
      guard seen.insert(found.key).inserted else { return nil }
      return LocalizableString(
        table: table, key: found.key, value: found.value, comment: found.comment,
        offset: found.offset, api: api)
    }
  }

  /// The comment Xcode writes for a string: `Class = "…"; <property> = "…"; ObjectID = "…";`
  /// and, with a note, ` Note = "…";` (values escaped as in a `.strings` file).
  static func comment(
    className: String, property: String, value: String, objectID: String, note: String?
  )
    -> String
  {
    var text =
      "Class = \"\(className)\"; \(property) = \"\(escaped(value))\"; ObjectID = \"\(escaped(objectID))\";"
    if let note { text += " Note = \"\(escaped(note))\";" }
    return text
  }

  /// `text` as a `.strings` file quotes it: `\` and `"` escaped, line feeds, carriage returns
  /// and tabs as `\n`, `\r`, `\t`.
  static func escaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": result += "\\\\"
      case "\"": result += "\\\""
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
