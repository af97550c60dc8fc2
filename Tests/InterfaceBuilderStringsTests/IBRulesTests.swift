import Foundation
import InterfaceBuilderStrings
import LHCTestSupport
import SourceStrings
import Testing

/// Each element/property rule of `lhc-extract(1)`, INTERFACE BUILDER, on the fixtures in
/// `TestData/interface-builder` (the rules the corpus does not show: menus, tool tips, toolbars,
/// segments, combo boxes, placeholders, tab items, accessibility, runtime attributes, iOS
/// classes), and on NetNewsWire's window XIBs against the catalogs Xcode wrote for them.
@Suite struct IBRulesTests {
  private let fixtures = TestPaths.testData.appendingPathComponent("interface-builder")

  private func strings(_ name: String) throws -> [LocalizableString] {
    let bytes = [UInt8](try Data(contentsOf: fixtures.appendingPathComponent(name)))
    return try InterfaceBuilderStrings.extract(bytes, table: "Rules")
  }

  /// `Class = "…"; property = "…"; ObjectID = "…";` for an object `id`.
  private func comment(_ className: String, _ property: String, _ value: String, _ id: String)
    -> String
  {
    "Class = \"\(className)\"; \(property) = \"\(value)\"; ObjectID = \"\(id)\";"
  }

  @Test func appKitRules() throws {
    let found = try strings("AppKitRules.xib")
    let expected: [(key: String, value: String, comment: String)] = [
      ("Mnu-00-Mai.title", "Main Menu", comment("NSMenu", "title", "Main Menu", "Mnu-00-Mai")),
      // A menu item's note; its submenu (`key="submenu"`) has the item's.
      (
        "Itm-01-Fil.title", "File",
        comment("NSMenuItem", "title", "File", "Itm-01-Fil") + " Note = \"Main Menu > File\";"
      ),
      (
        "Mnu-01-Fil.title", "File",
        comment("NSMenu", "title", "File", "Mnu-01-Fil") + " Note = \"Main Menu > File\";"
      ),
      ("Itm-02-Opn.title", "Open…", comment("NSMenuItem", "title", "Open…", "Itm-02-Opn")),
      (
        "Itm-02-Opn.ibShadowedToolTip", "Open a document",
        comment("NSMenuItem", "ibShadowedToolTip", "Open a document", "Itm-02-Opn")
      ),
      (
        "Itm-04-Cls.title", "Close & Quit",
        comment("NSMenuItem", "title", "Close & Quit", "Itm-04-Cls")
      ),
      // "Window" (the library's default title) is left out; a custom class does not change Class.
      ("Win-01-Rul.title", "Rules", comment("NSWindow", "title", "Rules", "Win-01-Rul")),
      // A cell's note is its control's.
      (
        "Cel-01-Lbl.title", "Name:",
        comment("NSTextFieldCell", "title", "Name:", "Cel-01-Lbl")
          + " Note = \"The \\\"name\\\" of the feed\";"
      ),
      (
        "Fld-02-Inp.ibExternalAccessibilityDescription", "Feed address",
        comment("NSTextField", "ibExternalAccessibilityDescription", "Feed address", "Fld-02-Inp")
      ),
      (
        "Fld-02-Inp.ibExternalAccessibilityHelp", "Type the address of a feed",
        comment(
          "NSTextField", "ibExternalAccessibilityHelp", "Type the address of a feed", "Fld-02-Inp")
      ),
      (
        "Cel-02-Inp.placeholderString", "https://example.com/feed",
        comment("NSTextFieldCell", "placeholderString", "https://example.com/feed", "Cel-02-Inp")
      ),
      // A <string key="title"> element; tab, line feed, quote and backslash escaped.
      (
        "Cel-03-Mlt.title", "Two lines,\ttabbed\nand \"quoted\" \\ back",
        comment(
          "NSTextFieldCell", "title", "Two lines,\\ttabbed\\nand \\\"quoted\\\" \\\\ back",
          "Cel-03-Mlt")
      ),
      (
        "Btn-01-Ref.ibShadowedToolTip", "Refresh every feed",
        comment("NSButton", "ibShadowedToolTip", "Refresh every feed", "Btn-01-Ref")
      ),
      ("Cel-04-Ref.title", "Refresh", comment("NSButtonCell", "title", "Refresh", "Cel-04-Ref")),
      // An empty title, an identifier and an image are no strings; a pop-up cell's title is its
      // selected item's.
      ("Itm-05-Hrl.title", "Hourly", comment("NSMenuItem", "title", "Hourly", "Itm-05-Hrl")),
      ("Itm-06-Dly.title", "Daily", comment("NSMenuItem", "title", "Daily", "Itm-06-Dly")),
      (
        "Cel-07-Siz.ibShadowedObjectValues[0]", "Small",
        comment("NSComboBoxCell", "Cel-07-Siz.ibShadowedObjectValues[0]", "Small", "Cel-07-Siz")
      ),
      (
        "Cel-07-Siz.ibShadowedObjectValues[1]", "Large",
        comment("NSComboBoxCell", "Cel-07-Siz.ibShadowedObjectValues[1]", "Large", "Cel-07-Siz")
      ),
      // Segments by position: the image-only one keeps its index.
      (
        "Cel-08-Viw.ibShadowedLabels[0]", "List",
        comment("NSSegmentedCell", "Cel-08-Viw.ibShadowedLabels[0]", "List", "Cel-08-Viw")
      ),
      (
        "Cel-08-Viw.ibShadowedToolTips[0]", "Show as a list",
        comment(
          "NSSegmentedCell", "Cel-08-Viw.ibShadowedToolTips[0]", "Show as a list", "Cel-08-Viw")
      ),
      (
        "Cel-08-Viw.ibShadowedLabels[2]", "Columns",
        comment("NSSegmentedCell", "Cel-08-Viw.ibShadowedLabels[2]", "Columns", "Cel-08-Viw")
      ),
      // "Box" is left out, "Options" is not.
      ("Box-02-Opt.title", "Options", comment("NSBox", "title", "Options", "Box-02-Opt")),
      (
        "Cel-09-Fnd.placeholderString", "Search",
        comment("NSSearchFieldCell", "placeholderString", "Search", "Cel-09-Fnd")
      ),
      // Only "Localized String" runtime attributes, numbered among themselves.
      (
        "Fld-04-Rtm.ibExternalUserDefinedRuntimeAttributesLocalizableStrings[0]", "No status",
        comment(
          "NSTextField", "Fld-04-Rtm.ibExternalUserDefinedRuntimeAttributesLocalizableStrings[0]",
          "No status", "Fld-04-Rtm")
      ),
      ("Cel-10-Rtm.title", "Status", comment("NSTextFieldCell", "title", "Status", "Cel-10-Rtm")),
      (
        "Col-01-Fed.headerCell.title", "Feed",
        comment("NSTableColumn", "headerCell.title", "Feed", "Col-01-Fed")
      ),
      // "Text Cell" and "Table View Cell" are left out; the cell view's other text is not.
      ("Cel-13-Unr.title", "Unread", comment("NSTextFieldCell", "title", "Unread", "Cel-13-Unr")),
      // A text view's attributed contents are not extracted; a toolbar item's title is not.
      ("Tbi-01-Shr.label", "Share", comment("NSToolbarItem", "label", "Share", "Tbi-01-Shr")),
      (
        "Tbi-01-Shr.paletteLabel", "Share Feed",
        comment("NSToolbarItem", "paletteLabel", "Share Feed", "Tbi-01-Shr")
      ),
      (
        "Tbi-01-Shr.toolTip", "Share the selected feed",
        comment("NSToolbarItem", "toolTip", "Share the selected feed", "Tbi-01-Shr")
      ),
      ("Tbv-01-Gen.label", "General", comment("NSTabViewItem", "label", "General", "Tbv-01-Gen")),
      // `userLabel` is not a string.
      (
        "Vcr-01-Acc.title", "Accounts",
        comment("NSViewController", "title", "Accounts", "Vcr-01-Acc")
      ),
    ]
    #expect(found.map(\.key) == expected.map(\.key))
    for (string, expected) in zip(found, expected) {
      #expect(string.value == expected.value, "\(string.key)")
      #expect(string.comment == expected.comment, "\(string.key)")
      #expect(string.table == "Rules")
      #expect(string.api == "Interface Builder")
    }
  }

  @Test func uiKitRules() throws {
    let found = try strings("UIKitRules.storyboard")
    let expected: [(key: String, value: String, comment: String)] = [
      ("Vcr-01-Fds.title", "Feeds", comment("UIViewController", "title", "Feeds", "Vcr-01-Fds")),
      ("Lbl-01-Wel.text", "Welcome back", comment("UILabel", "text", "Welcome back", "Lbl-01-Wel")),
      (
        "Lbl-01-Wel.accessibilityLabel", "Welcome message",
        comment("UILabel", "accessibilityLabel", "Welcome message", "Lbl-01-Wel")
      ),
      (
        "Lbl-01-Wel.accessibilityHint", "Greets you",
        comment("UILabel", "accessibilityHint", "Greets you", "Lbl-01-Wel")
      ),
      // "Label" is left out; a <string key="text"> element and a note.
      (
        "Lbl-03-Mlt.text", "First line\nsecond line",
        comment("UILabel", "text", "First line\\nsecond line", "Lbl-03-Mlt")
          + " Note = \"Shown on first launch\";"
      ),
      (
        "Btn-01-Add.normalTitle", "Add Feed",
        comment("UIButton", "normalTitle", "Add Feed", "Btn-01-Add")
      ),
      (
        "Btn-01-Add.highlightedTitle", "Adding…",
        comment("UIButton", "highlightedTitle", "Adding…", "Btn-01-Add")
      ),
      (
        "Btn-01-Add.selectedTitle", "Added",
        comment("UIButton", "selectedTitle", "Added", "Btn-01-Add")
      ),
      (
        "Btn-01-Add.disabledTitle", "Cannot Add",
        comment("UIButton", "disabledTitle", "Cannot Add", "Btn-01-Add")
      ),
      // "Button" is left out; a button configuration's title and subtitle.
      (
        "Btn-03-Cfg.configuration.title", "Subscribe",
        comment("UIButton", "configuration.title", "Subscribe", "Btn-03-Cfg")
      ),
      (
        "Btn-03-Cfg.configuration.subtitle", "Free for a month",
        comment("UIButton", "configuration.subtitle", "Free for a month", "Btn-03-Cfg")
      ),
      ("Txf-01-Adr.text", "https://", comment("UITextField", "text", "https://", "Txf-01-Adr")),
      (
        "Txf-01-Adr.placeholder", "Feed address",
        comment("UITextField", "placeholder", "Feed address", "Txf-01-Adr")
      ),
      (
        "Txv-01-Abt.text", "About this app.",
        comment("UITextView", "text", "About this app.", "Txv-01-Abt")
      ),
      (
        "Sgc-01-Srt.segmentTitles[0]", "Newest",
        comment("UISegmentedControl", "Sgc-01-Srt.segmentTitles[0]", "Newest", "Sgc-01-Srt")
      ),
      (
        "Sgc-01-Srt.segmentTitles[1]", "Oldest",
        comment("UISegmentedControl", "Sgc-01-Srt.segmentTitles[1]", "Oldest", "Sgc-01-Srt")
      ),
      // "First" and "Second" are left out; so is the search bar's empty text.
      (
        "Sbr-01-Fnd.placeholder", "Search feeds",
        comment("UISearchBar", "placeholder", "Search feeds", "Sbr-01-Fnd")
      ),
      (
        "Sbr-01-Fnd.prompt", "Find a feed",
        comment("UISearchBar", "prompt", "Find a feed", "Sbr-01-Fnd")
      ),
      (
        "Sbr-01-Fnd.scopeButtonTitles[0]", "All",
        comment("UISearchBar", "Sbr-01-Fnd.scopeButtonTitles[0]", "All", "Sbr-01-Fnd")
      ),
      (
        "Sbr-01-Fnd.scopeButtonTitles[1]", "Unread",
        comment("UISearchBar", "Sbr-01-Fnd.scopeButtonTitles[1]", "Unread", "Sbr-01-Fnd")
      ),
      ("Tbi-01-Fds.title", "Feeds", comment("UITabBarItem", "title", "Feeds", "Tbi-01-Fds")),
      (
        "Nvi-01-Fds.title", "All Feeds",
        comment("UINavigationItem", "title", "All Feeds", "Nvi-01-Fds")
      ),
      (
        "Nvi-01-Fds.prompt", "Pull to refresh",
        comment("UINavigationItem", "prompt", "Pull to refresh", "Nvi-01-Fds")
      ),
      (
        "Nvi-01-Fds.backButtonTitle", "Feeds",
        comment("UINavigationItem", "backButtonTitle", "Feeds", "Nvi-01-Fds")
      ),
      ("Bbi-01-Edt.title", "Edit", comment("UIBarButtonItem", "title", "Edit", "Bbi-01-Edt")),
      (
        "Tvc-01-Set.ibExternalUserDefinedRuntimeAttributesLocalizableStrings[0]", "Nothing here",
        comment(
          "UITableViewController",
          "Tvc-01-Set.ibExternalUserDefinedRuntimeAttributesLocalizableStrings[0]", "Nothing here",
          "Tvc-01-Set")
      ),
      (
        "Sec-01-Rdg.headerTitle", "Reading",
        comment("UITableViewSection", "headerTitle", "Reading", "Sec-01-Rdg")
      ),
      (
        "Sec-01-Rdg.footerTitle", "Applies to every account",
        comment("UITableViewSection", "footerTitle", "Applies to every account", "Sec-01-Rdg")
      ),
      // "Title" and "Item" (navigation, bar button and tab bar items) are left out.
      ("Lbl-04-Row.text", "Sort by date", comment("UILabel", "text", "Sort by date", "Lbl-04-Row")),
    ]
    #expect(found.map(\.key) == expected.map(\.key))
    for (string, expected) in zip(found, expected) {
      #expect(string.value == expected.value, "\(string.key)")
      #expect(string.comment == expected.comment, "\(string.key)")
    }
  }

  /// Each string points at its object's start tag.
  @Test func offsets() throws {
    let bytes = [UInt8](try Data(contentsOf: fixtures.appendingPathComponent("AppKitRules.xib")))
    for string in try InterfaceBuilderStrings.extract(bytes, table: "Rules") {
      let id = String(string.key.prefix { $0 != "." })
      let tag = bytes[string.offset...].prefix { $0 != UInt8(ascii: ">") }
      #expect(bytes[string.offset] == UInt8(ascii: "<"))
      #expect(String(decoding: tag, as: UTF8.self).contains("id=\"\(id)\""), "\(string.key)")
    }
  }

  /// NetNewsWire's five window XIBs give exactly the Interface Builder keys of the catalogs Xcode
  /// wrote beside them, with the same source values and comments (read with Foundation's JSON).
  @Test func netNewsWireWindows() throws {
    let mac = TestPaths.corpus.appendingPathComponent(
      "extraction/Ranchero-Software__NetNewsWire/Mac")
    var total = 0
    for name in ["AccountStats", "ActivityLog", "CurrentActivity", "Dinosaurs", "ErrorLog"] {
      let folder = mac.appendingPathComponent(name)
      let xib = folder.appendingPathComponent("Base.lproj/\(name)Window.xib")
      let catalog = folder.appendingPathComponent("mul.lproj/\(name)Window.xcstrings")
      let found = try InterfaceBuilderStrings.extract(
        [UInt8](try Data(contentsOf: xib)), table: "\(name)Window")
      let json = try JSONSerialization.jsonObject(with: Data(contentsOf: catalog)) as? [String: Any]
      let entries = json?["strings"] as? [String: [String: Any]] ?? [:]
      #expect(Set(found.map(\.key)) == Set(entries.keys), "\(name)")
      for string in found {
        let entry = entries[string.key]
        let unit =
          ((entry?["localizations"] as? [String: Any])?["en"] as? [String: Any])?["stringUnit"]
          as? [String: Any]
        #expect(entry?["comment"] as? String == string.comment, "\(string.key)")
        #expect(unit?["value"] as? String == string.value, "\(string.key)")
      }
      total += found.count
    }
    #expect(total == 35)
  }
}
