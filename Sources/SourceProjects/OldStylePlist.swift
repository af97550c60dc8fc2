/// An old-style (OpenStep) property list, the format of Xcode's `project.pbxproj`: dictionaries
/// `{ key = value; }`, arrays `( a, b, )`, quoted and unquoted strings, `<hex data>`, comments.
public indirect enum OldStylePlist: Sendable, Equatable {
  case string(String)
  case array([OldStylePlist])
  case dictionary([String: OldStylePlist])
  case data([UInt8])

  public var string: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  public var array: [OldStylePlist]? {
    if case .array(let value) = self { return value }
    return nil
  }

  public var dictionary: [String: OldStylePlist]? {
    if case .dictionary(let value) = self { return value }
    return nil
  }

  public subscript(key: String) -> OldStylePlist? {
    dictionary?[key]
  }

  /// Why a file is not an old-style property list, and where.
  public struct ParseError: Error, Sendable, Equatable {
    public var message: String
    public var offset: Int
  }

  /// Parses `bytes` (UTF-8). Nesting deeper than 256 levels is an error, so that no input can
  /// exhaust the stack.
  public static func parse(_ bytes: [UInt8]) throws(ParseError) -> OldStylePlist {
    var reader = Reader(bytes: bytes)
    reader.skipTrivia()
    let value = try reader.value(depth: 0)
    reader.skipTrivia()
    guard reader.position == bytes.count else {
      throw ParseError(message: "unexpected text after the property list", offset: reader.position)
    }
    return value
  }

  private struct Reader {
    let bytes: [UInt8]
    var position = 0

    func peek(_ offset: Int = 0) -> UInt8 {
      position + offset < bytes.count ? bytes[position + offset] : 0
    }

    mutating func skipTrivia() {
      while position < bytes.count {
        let byte = bytes[position]
        if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
          || byte == UInt8(ascii: "\r")
        {
          position += 1
        } else if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "/") {
          while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
        } else if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
          position += 2
          while position < bytes.count,
            !(bytes[position] == UInt8(ascii: "*") && peek(1) == UInt8(ascii: "/"))
          {
            position += 1
          }
          position = min(position + 2, bytes.count)
        } else {
          return
        }
      }
    }

    mutating func value(depth: Int) throws(ParseError) -> OldStylePlist {
      guard depth < 256 else { throw ParseError(message: "nested too deeply", offset: position) }
      switch peek() {
      case UInt8(ascii: "{"):
        position += 1
        var dictionary: [String: OldStylePlist] = [:]
        while true {
          skipTrivia()
          if peek() == UInt8(ascii: "}") {
            position += 1
            return .dictionary(dictionary)
          }
          guard position < bytes.count else {
            throw ParseError(message: "unterminated dictionary", offset: position)
          }
          let keyOffset = position
          guard case .string(let key) = try value(depth: depth + 1) else {
            throw ParseError(message: "a dictionary key must be a string", offset: keyOffset)
          }
          skipTrivia()
          guard peek() == UInt8(ascii: "=") else {
            throw ParseError(message: "expected '=' after key '\(key)'", offset: position)
          }
          position += 1
          skipTrivia()
          dictionary[key] = try value(depth: depth + 1)
          skipTrivia()
          guard peek() == UInt8(ascii: ";") else {
            throw ParseError(message: "expected ';' after the value of '\(key)'", offset: position)
          }
          position += 1
        }
      case UInt8(ascii: "("):
        position += 1
        var array: [OldStylePlist] = []
        while true {
          skipTrivia()
          if peek() == UInt8(ascii: ")") {
            position += 1
            return .array(array)
          }
          guard position < bytes.count else {
            throw ParseError(message: "unterminated array", offset: position)
          }
          array.append(try value(depth: depth + 1))
          skipTrivia()
          if peek() == UInt8(ascii: ",") {
            position += 1
          } else if peek() != UInt8(ascii: ")") {
            throw ParseError(message: "expected ',' or ')' in an array", offset: position)
          }
        }
      case UInt8(ascii: "\""), UInt8(ascii: "'"):
        return .string(try quoted())
      case UInt8(ascii: "<"):
        return .data(try data())
      default:
        let start = position
        while position < bytes.count, Self.isUnquoted(bytes[position]) { position += 1 }
        guard position > start else {
          throw ParseError(message: "unexpected character", offset: position)
        }
        return .string(String(decoding: bytes[start..<position], as: UTF8.self))
      }
    }

    static func isUnquoted(_ byte: UInt8) -> Bool {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"),
        UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."),
        UInt8(ascii: "-"):
        true
      default:
        byte >= 0x80
      }
    }

    mutating func quoted() throws(ParseError) -> String {
      let quote = bytes[position]
      let start = position
      position += 1
      var text: [UInt8] = []
      while position < bytes.count, bytes[position] != quote {
        var byte = bytes[position]
        position += 1
        if byte == UInt8(ascii: "\\"), position < bytes.count {
          byte = bytes[position]
          position += 1
          switch byte {
          case UInt8(ascii: "n"): text.append(UInt8(ascii: "\n"))
          case UInt8(ascii: "t"): text.append(UInt8(ascii: "\t"))
          case UInt8(ascii: "r"): text.append(UInt8(ascii: "\r"))
          case UInt8(ascii: "U"), UInt8(ascii: "u"):
            var value: UInt32 = 0
            var digits = 0
            while digits < 4, position < bytes.count, let digit = hexValue(bytes[position]) {
              value = value * 16 + UInt32(digit)
              digits += 1
              position += 1
            }
            text.append(contentsOf: String(Character(Unicode.Scalar(value) ?? "\u{FFFD}")).utf8)
          default:
            text.append(byte)
          }
          continue
        }
        text.append(byte)
      }
      guard position < bytes.count else {
        throw ParseError(message: "unterminated string", offset: start)
      }
      position += 1
      return String(decoding: text, as: UTF8.self)
    }

    mutating func data() throws(ParseError) -> [UInt8] {
      let start = position
      position += 1
      var nibbles: [UInt8] = []
      while position < bytes.count, bytes[position] != UInt8(ascii: ">") {
        if let digit = hexValue(bytes[position]) { nibbles.append(digit) }
        position += 1
      }
      guard position < bytes.count else {
        throw ParseError(message: "unterminated data", offset: start)
      }
      position += 1
      return stride(from: 0, to: nibbles.count - 1, by: 2).map {
        nibbles[$0] << 4 | nibbles[$0 + 1]
      }
    }

    func hexValue(_ byte: UInt8) -> UInt8? {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
      default: nil
      }
    }
  }
}
