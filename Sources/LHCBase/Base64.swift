/// Base64 (RFC 4648, with `=` padding): `<data>` in XML property lists, the script and style
/// hashes of the HTML reports' Content-Security-Policy.
public enum Base64 {
  private static let alphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  /// The base64 text of `bytes`, as ASCII bytes, without line breaks.
  public static func encoded(_ bytes: [UInt8]) -> [UInt8] {
    var encoded: [UInt8] = []
    encoded.reserveCapacity((bytes.count + 2) / 3 * 4)
    var index = 0
    while index < bytes.count {
      let count = min(3, bytes.count - index)
      var group = UInt32(bytes[index]) << 16
      if count > 1 { group |= UInt32(bytes[index + 1]) << 8 }
      if count > 2 { group |= UInt32(bytes[index + 2]) }
      for slot in 0..<4 {
        encoded.append(
          slot <= count ? alphabet[Int(group >> UInt32(18 - 6 * slot) & 0x3F)] : UInt8(ascii: "="))
      }
      index += 3
    }
    return encoded
  }
}
