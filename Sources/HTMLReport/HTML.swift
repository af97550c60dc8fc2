import LHCBase

/// The one place the HTML reports are written. Markup comes only from string literals in lhc's
/// source (``raw(_:)`` takes a `StaticString`); every other text — keys, values, messages, paths,
/// language tags, numbers — goes through ``text(_:)``, which escapes `&`, `<`, `>`, `"` and `'`,
/// so a catalog's content is always text, in an element or in a double-quoted attribute value,
/// and never becomes markup or script.
struct HTML {
  private(set) var bytes: [UInt8] = []

  init(capacity: Int = 0) {
    bytes.reserveCapacity(capacity)
  }

  /// Markup written by lhc itself.
  mutating func raw(_ markup: StaticString) {
    markup.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  /// Text, escaped: element content or the value of a double-quoted attribute.
  mutating func text(_ text: String) {
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "&"): bytes.append(contentsOf: "&amp;".utf8)
      case UInt8(ascii: "<"): bytes.append(contentsOf: "&lt;".utf8)
      case UInt8(ascii: ">"): bytes.append(contentsOf: "&gt;".utf8)
      case UInt8(ascii: "\""): bytes.append(contentsOf: "&quot;".utf8)
      case UInt8(ascii: "'"): bytes.append(contentsOf: "&#39;".utf8)
      default: bytes.append(byte)
      }
    }
  }

  mutating func text(_ number: Int) {
    text(String(number))
  }

  /// Text from a catalog or the command line in its own bidirectional isolate (`<bdi>`), so that
  /// a right-to-left key or value keeps its direction and does not reorder what is around it.
  mutating func isolated(_ text: String) {
    raw("<bdi>")
    self.text(text)
    raw("</bdi>")
  }

  /// ` name="value"`, the value escaped.
  mutating func attribute(_ name: StaticString, _ value: String) {
    raw(" ")
    raw(name)
    raw("=\"")
    text(value)
    raw("\"")
  }

  mutating func attribute(_ name: StaticString, _ value: Int) {
    attribute(name, String(value))
  }

  /// One of the totals at the top of a page (`<dl class="cards">`): `label` over `value`, the
  /// `div` of the class `class` when given (its colour).
  mutating func card(_ label: StaticString, _ value: Int, class name: StaticString? = nil) {
    raw("<div")
    if let name {
      raw(" class=\"")
      raw(name)
      raw("\"")
    }
    raw("><dt>")
    raw(label)
    raw("</dt><dd>")
    text(value)
    raw("</dd></div>\n")
  }

  /// A whole page: the document head with the shared style sheet, script and a
  /// Content-Security-Policy that allows nothing else (no network, no other script), then
  /// `body`'s content and the script. `title` is text.
  static func page(title: String, kind: StaticString, body: (inout HTML) -> Void) -> String {
    var html = HTML(capacity: 1 << 16)
    html.raw("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
    html.raw("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; ")
    html.raw("style-src '")
    html.text(PageAssets.styleHash)
    html.raw("'; script-src '")
    html.text(PageAssets.scriptHash)
    html.raw("'\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
    html.raw("<meta name=\"generator\" content=\"lhc\">\n<title>")
    html.text(title)
    html.raw("</title>\n<style>")
    html.raw(PageAssets.style)
    html.raw("</style>\n</head>\n<body class=\"")
    html.raw(kind)
    html.raw("\">\n")
    body(&html)
    html.raw("<script>")
    html.raw(PageAssets.script)
    html.raw("</script>\n</body>\n</html>\n")
    return String(decoding: html.bytes, as: UTF8.self)
  }

  /// `'sha256-…'`'s value for a CSP source list: the base64 SHA-256 of `content`'s UTF-8 bytes.
  static func cspHash(_ content: StaticString) -> String {
    var hash = SHA256()
    content.withUTF8Buffer { hash.update($0) }
    return "sha256-" + String(decoding: Base64.encoded(hash.finalize()), as: UTF8.self)
  }
}
