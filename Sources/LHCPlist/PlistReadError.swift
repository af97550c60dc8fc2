/// A property list or `.strings` file that cannot be read, and where: 1-based line and column in
/// text formats; binary property lists have no position (their messages name the object).
public struct PlistReadError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What is wrong, lower-case, quoting the offending key or text.
  public var message: String
  /// The 1-based line, when known.
  public var line: Int?
  /// The 1-based column, when known (characters in text formats, as libxml2 counts in XML).
  public var column: Int?

  /// An error with `message` at an optional 1-based position.
  public init(message: String, line: Int? = nil, column: Int? = nil) {
    self.message = message
    self.line = line
    self.column = column
  }

  /// `line:column: message`, or the message alone when the position is unknown.
  public var description: String {
    guard let line else { return message }
    return "\(line):\(column ?? 1): \(message)"
  }
}
