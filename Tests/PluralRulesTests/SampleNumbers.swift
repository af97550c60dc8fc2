/// Expands CLDR sample lists (`"0~15, 100, 1000, …"`, `"0.00~0.04, 1.1c6"`) into numerals.
enum SampleNumbers {
  /// A malformed sample list.
  struct Malformed: Error, CustomStringConvertible {
    /// What was wrong, quoting the sample.
    var description: String
  }

  /// Every numeral the list names: ranges `a~b` expanded in steps of `a`'s last digit, the `…`
  /// ellipsis (meaning "and more like these") skipped.
  static func expand(_ list: String) throws -> [String] {
    var numerals: [String] = []
    for item in list.split(separator: ",") {
      let token = item.trimmingCharacters(in: " ")
      if token.isEmpty || token == "…" { continue }
      let ends = token.split(separator: "~", omittingEmptySubsequences: false)
      switch ends.count {
      case 1: numerals.append(token)
      case 2: numerals += try range(String(ends[0]), String(ends[1]))
      default: throw Malformed(description: "bad range `\(token)`")
      }
    }
    return numerals
  }

  /// `lower`, …, `upper` stepping by one unit in the last fraction digit (`0.0~0.3`: 0.0 0.1 0.2 0.3).
  private static func range(_ lower: String, _ upper: String) throws -> [String] {
    let digits = fractionDigits(lower)
    guard digits == fractionDigits(upper), let low = scaled(lower), let high = scaled(upper),
      low <= high
    else { throw Malformed(description: "bad range `\(lower)~\(upper)`") }
    return (low...high).map { format($0, fractionDigits: digits) }
  }

  /// Digits after the decimal point, or -1 for a numeral with an exponent (not allowed in ranges).
  private static func fractionDigits(_ numeral: String) -> Int {
    if numeral.contains("c") || numeral.contains("e") { return -1 }
    guard let dot = numeral.firstIndex(of: ".") else { return 0 }
    return numeral.distance(from: numeral.index(after: dot), to: numeral.endIndex)
  }

  /// The numeral without its decimal point, as an integer (`"1.05"` → 105).
  private static func scaled(_ numeral: String) -> Int? {
    Int(numeral.filter { $0 != "." })
  }

  /// `value` with `fractionDigits` digits after the point (`105`, 2 → `"1.05"`).
  private static func format(_ value: Int, fractionDigits: Int) -> String {
    guard fractionDigits > 0 else { return String(value) }
    var text = String(value)
    if text.count <= fractionDigits {
      text = String(repeating: "0", count: fractionDigits - text.count + 1) + text
    }
    text.insert(".", at: text.index(text.endIndex, offsetBy: -fractionDigits))
    return text
  }
}

extension Substring {
  /// The substring without leading and trailing `character`s.
  func trimmingCharacters(in character: Character) -> String {
    String(drop { $0 == character }.reversed().drop { $0 == character }.reversed())
  }
}
