import InterfaceBuilderStrings
import Testing

/// The reader on untrusted XML: malformed files, entities, DOCTYPEs, deep nesting and files that
/// are not Interface Builder documents are errors with an offset, never a crash; what XML
/// escapes is read back.
@Suite struct IBReaderTests {
  private func extract(_ text: String) throws(IBReadError) -> [String: String] {
    let strings = try InterfaceBuilderStrings.extract(Array(text.utf8), table: "T")
    return Dictionary(uniqueKeysWithValues: strings.map { ($0.key, $0.value ?? "") })
  }

  private func error(_ text: String) -> IBReadError? {
    do {
      _ = try extract(text)
      return nil
    } catch {
      return error
    }
  }

  private let header =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document type=\"com.apple.InterfaceBuilder3.Cocoa.XIB\" version=\"3.0\" targetRuntime=\"MacOSX.Cocoa\">\n"

  @Test func escapesAndEntities() throws {
    let strings = try extract(
      header
        + "<objects><menuItem title=\"A &amp; B &lt;C&gt; &quot;D&quot; &#x2026;\" id=\"m1\"/>"
        + "<textFieldCell id=\"c1\"><string key=\"title\">x &amp; y<![CDATA[ <z>]]></string></textFieldCell>"
        + "</objects></document>")
    #expect(strings == ["m1.title": "A & B <C> \"D\" …", "c1.title": "x & y <z>"])
  }

  @Test func malformedFileIsAnErrorAtItsPlace() {
    let text = header + "<objects>\n  <window title=\"Open\" id=\"w1\">\n</objects></document>"
    let found = error(text)
    #expect(found != nil)
    // The offset is at or after the mismatched end tag, inside the file.
    let mismatch = text.utf8.count - "</objects></document>".utf8.count
    #expect((found?.offset ?? 0) >= mismatch && (found?.offset ?? 0) <= text.utf8.count)
    #expect(found?.message.isEmpty == false)
  }

  @Test func truncatedAndEmptyFiles() {
    #expect(error("") == IBReadError("empty file", offset: 0))
    #expect(error(header + "<objects><window title=\"x\" id=\"a\"") != nil)
    #expect(error("not xml at all") != nil)
    #expect(error("\u{FEFF}") != nil)
  }

  @Test func externalEntitiesAndDoctypesAreRefused() {
    let external =
      "<?xml version=\"1.0\"?>\n<!DOCTYPE document [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>\n"
      + "<document targetRuntime=\"MacOSX.Cocoa\"><objects><window title=\"&xxe;\" id=\"w\"/></objects></document>"
    #expect(error(external)?.message == "a DOCTYPE is not allowed in an Interface Builder file")
    let network =
      "<?xml version=\"1.0\"?>\n<!DOCTYPE document SYSTEM \"http://127.0.0.1:9/ib.dtd\">\n<document/>"
    #expect(error(network) != nil)
    // An undeclared entity is an error too (nothing is substituted).
    #expect(
      error(header + "<objects><window title=\"&nope;\" id=\"w\"/></objects></document>") != nil)
  }

  @Test func depthLimit() {
    let deep =
      String(repeating: "<view id=\"v\">", count: 300) + String(repeating: "</view>", count: 300)
    let found = error(header + deep + "</document>")
    #expect(found?.message == "elements nested more than 256 levels deep")
    // Within the limit the document reads.
    let shallow =
      String(repeating: "<view>", count: 200) + "<window title=\"Deep\" id=\"w\"/>"
      + String(repeating: "</view>", count: 200)
    #expect((try? extract(header + shallow + "</document>")) == ["w.title": "Deep"])
  }

  @Test func rootMustBeADocument() {
    let found = error("<?xml version=\"1.0\"?>\n<plist><window title=\"x\" id=\"w\"/></plist>")
    #expect(found?.message == "not an Interface Builder document: the root element is 'plist'")
    #expect(found?.offset == 22)
  }

  /// Objects without an id, or with an empty one, have no strings; neither have empty texts.
  @Test func objectsWithoutIDOrText() throws {
    let strings = try extract(
      header
        + "<objects><window title=\"No id\"/><window title=\"Empty id\" id=\"\"/>"
        + "<window title=\"\" id=\"w\"/><menu id=\"m\"/></objects></document>")
    #expect(strings.isEmpty)
  }

  /// The platform is the document's target runtime: the same element is an AppKit or a UIKit
  /// class.
  @Test func platformFromTargetRuntime() throws {
    let body =
      "<objects><segmentedControl id=\"s\"><segments><segment title=\"One\" label=\"Uno\"/></segments></segmentedControl></objects></document>"
    let appKit = try InterfaceBuilderStrings.extract(Array((header + body).utf8), table: "T")
    #expect(appKit.map(\.key) == ["s.ibShadowedLabels[0]"])
    let uiKit = try InterfaceBuilderStrings.extract(
      Array(("<document targetRuntime=\"iOS.CocoaTouch\">" + body).utf8), table: "T")
    #expect(uiKit.map(\.key) == ["s.segmentTitles[0]"])
    #expect(
      uiKit.first?.comment
        == "Class = \"UISegmentedControl\"; s.segmentTitles[0] = \"One\"; ObjectID = \"s\";")
  }

  /// An ObjectID is taken as written (Interface Builder's never hold a dot or a quote; the
  /// fuzzer's do): the key begins with it, the comment quotes it escaped.
  @Test func unusualObjectIDs() throws {
    let strings = try InterfaceBuilderStrings.extract(
      Array(
        (header
          + "<objects><window title=\"T\" id=\"a.b&quot;c\"/></objects></document>").utf8),
      table: "T")
    #expect(strings.map(\.key) == ["a.b\"c.title"])
    #expect(
      strings.first?.comment == "Class = \"NSWindow\"; title = \"T\"; ObjectID = \"a.b\\\"c\";")
  }

  /// A key found twice (an attribute and a `<string>` element) is listed once, the first.
  @Test func duplicateKeys() throws {
    let strings = try InterfaceBuilderStrings.extract(
      Array(
        (header
          + "<objects><textFieldCell title=\"Attribute\" id=\"c\"><string key=\"title\">Element</string></textFieldCell></objects></document>")
          .utf8), table: "T")
    #expect(strings.map(\.value) == ["Attribute"])
  }
}
