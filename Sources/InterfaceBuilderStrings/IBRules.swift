/// Which objects of an Interface Builder document have localizable strings, under which property
/// names, as Xcode extracts them into String Catalogs. The AppKit rows come from the catalogs
/// Xcode wrote beside real XIBs and storyboards (NetNewsWire, Rectangle, Vienna, MarkEdit, Mos,
/// Mac Mouse Fix, HSTracker); the UIKit rows from `ibtool --export-strings-file`'s keys. Every
/// row, and what is decided where no catalog shows it, is in `lhc-extract(1)`, INTERFACE BUILDER.
///
/// An object is an element with a non-empty `id` (its ObjectID); its class is the platform's
/// prefix and the element name (`buttonCell` → `NSButtonCell`, `label` → `UILabel`), whatever its
/// custom class. Empty texts are not strings; neither are identifiers, images, `userLabel`,
/// attributed strings (`NSTextView` contents, attributed titles), formatters' symbols or key
/// equivalents.
struct IBRules {
  enum Platform {
    case appKit, uiKit

    /// `targetRuntime="MacOSX.Cocoa"` is AppKit; every other runtime (iOS, tvOS, Mac Catalyst)
    /// UIKit.
    init(of document: IBElement) {
      self = (document["targetRuntime"] ?? "").hasPrefix("MacOSX") ? .appKit : .uiKit
    }

    var classPrefix: String { self == .appKit ? "NS" : "UI" }
  }

  struct Found {
    var key: String
    var value: String
    var comment: String
    var offset: Int
  }

  let platform: Platform
  private(set) var found: [Found] = []

  init(platform: Platform) {
    self.platform = platform
  }

  /// Properties read as an attribute of the object, or as its `<string key="…">` child.
  static let appKitProperties = ["title", "label", "paletteLabel", "placeholderString"]
  static let uiKitProperties = [
    "title", "text", "placeholder", "prompt", "backButtonTitle", "headerTitle", "footerTitle",
  ]

  /// Objects whose `title` is not theirs to localize: a pop-up button cell's is its selected
  /// item's (which has its own), a toolbar item's is never shown (its `label` is), a table
  /// header cell's is its column's `headerCell.title`.
  static let untitled: Set<String> = ["popUpButtonCell", "toolbarItem", "tableHeaderCell"]

  /// The texts Interface Builder's library gives a new object, which Xcode leaves out of the
  /// catalog (`Class.property` → texts): the AppKit rows are what the catalogs show, the UIKit
  /// ones lhc's decision, by analogy.
  static let libraryDefaults: [String: Set<String>] = [
    "NSWindow.title": ["Window"],
    "NSBox.title": ["Box"],
    "NSTextFieldCell.title": ["Text Cell", "Table View Cell"],
    "UILabel.text": ["Label"],
    "UIButton.normalTitle": ["Button"],
    "UINavigationItem.title": ["Title"],
    "UIBarButtonItem.title": ["Item"],
    "UITabBarItem.title": ["Item"],
    "UISegmentedControl.segmentTitles": ["First", "Second"],
  ]

  /// UIButton's title for each control state (`<state key="normal" title="…"/>`).
  static let buttonStates = ["normal", "highlighted", "selected", "disabled"]

  mutating func walk(_ element: IBElement, parent: IBElement?) {
    if let id = element["id"], !id.isEmpty { read(element, id: id, parent: parent) }
    for child in element.children { walk(child, parent: element) }
  }

  private mutating func read(_ element: IBElement, id: String, parent: IBElement?) {
    var object = Object(
      id: id, className: platform.classPrefix + Self.capitalized(element.name),
      offset: element.offset,
      // A cell's or submenu's note is its owner's when it has none (`key="cell"`).
      note: Self.note(of: element) ?? (element["key"] != nil ? parent.flatMap(Self.note) : nil))
    switch platform {
    case .appKit: readAppKit(element, &object)
    case .uiKit: readUIKit(element, &object)
    }
    if let accessibility = element.children("accessibility").first {
      for (attribute, property) in platform == .appKit
        ? [
          ("description", "ibExternalAccessibilityDescription"),
          ("help", "ibExternalAccessibilityHelp"),
        ] : [("label", "accessibilityLabel"), ("hint", "accessibilityHint")]
      {
        object.add(property, accessibility[attribute])
      }
    }
    // Runtime attributes of type "Localized String" (the others are not text to translate).
    let runtime = element.children("userDefinedRuntimeAttributes").flatMap {
      $0.children("userDefinedRuntimeAttribute")
    }.filter { $0["type"] == "localizedString" }
    for (index, attribute) in runtime.enumerated() {
      object.add(
        "ibExternalUserDefinedRuntimeAttributesLocalizableStrings", attribute["value"],
        index: index)
    }
    found += object.found
  }

  private func readAppKit(_ element: IBElement, _ object: inout Object) {
    for property in Self.appKitProperties
    where !(property == "title" && Self.untitled.contains(element.name)) {
      object.add(property, Self.text(element, property))
    }
    // A toolbar item's tool tip is its own property; any other object's is the view's.
    object.add(
      element.name == "toolbarItem" ? "toolTip" : "ibShadowedToolTip",
      Self.text(element, "toolTip"))
    if element.name == "tableColumn",
      let header = element.child("tableHeaderCell", key: "headerCell")
    {
      object.add("headerCell.title", Self.text(header, "title"))
    }
    // A combo box's items, a segmented control's segments (by position).
    for values in element.children("objectValues") {
      for (index, value) in values.children("string").enumerated() {
        object.add("ibShadowedObjectValues", value.text, index: index)
      }
    }
    for (index, segment) in Self.segments(of: element).enumerated() {
      object.add("ibShadowedLabels", segment["label"], index: index)
      object.add("ibShadowedToolTips", segment["toolTip"], index: index)
    }
  }

  private func readUIKit(_ element: IBElement, _ object: inout Object) {
    for property in Self.uiKitProperties {
      object.add(property, Self.text(element, property))
    }
    if element.name == "button" {
      for state in element.children("state") {
        guard let key = state["key"], Self.buttonStates.contains(key) else { continue }
        object.add(key + "Title", state["title"])
      }
      if let configuration = element.child("buttonConfiguration", key: "configuration") {
        object.add("configuration.title", configuration["title"])
        object.add("configuration.subtitle", configuration["subtitle"])
      }
    }
    for (index, segment) in Self.segments(of: element).enumerated() {
      object.add("segmentTitles", segment["title"], index: index)
    }
    for titles in element.children("scopeButtonTitles") {
      for (index, title) in titles.children("string").enumerated() {
        object.add("scopeButtonTitles", title.text, index: index)
      }
    }
  }

  /// The strings of one object as they are found.
  private struct Object {
    let id: String
    let className: String
    let offset: Int
    let note: String?
    var found: [Found] = []

    init(id: String, className: String, offset: Int, note: String?) {
      self.id = id
      self.className = className
      self.offset = offset
      self.note = note
    }

    /// `value` as the object's `property` (`property[index]` for one of a list, whose comment
    /// names the whole key, as Xcode's does); nothing for no text, an empty one or a library
    /// default.
    mutating func add(_ property: String, _ value: String?, index: Int? = nil) {
      guard let value, !value.isEmpty,
        IBRules.libraryDefaults["\(className).\(property)"]?.contains(value) != true
      else { return }
      let path = index.map { "\(property)[\($0)]" } ?? property
      found.append(
        Found(
          key: "\(id).\(path)", value: value,
          comment: InterfaceBuilderStrings.comment(
            className: className, property: index == nil ? path : "\(id).\(path)", value: value,
            objectID: id, note: note),
          offset: offset))
    }
  }

  /// A property's text: the attribute, or a `<string key="…">` (`<mutableString>`) child, as
  /// Interface Builder writes multi-line texts.
  static func text(_ element: IBElement, _ property: String) -> String? {
    element[property] ?? element.text(key: property)
  }

  /// The `<segment>`s of a segmented control or cell.
  static func segments(of element: IBElement) -> [IBElement] {
    element.children("segments").flatMap { $0.children("segment") }
  }

  /// The object's localizer note ("Notes" in Interface Builder's identity inspector:
  /// `userComments`, an attributed string of fragments or a plain string); nil when empty.
  static func note(of element: IBElement) -> String? {
    for child in element.children where child["key"] == "userComments" {
      let note =
        child.name == "attributedString"
        ? child.children("fragment").map { $0["content"] ?? text($0, "content") ?? "" }.joined()
        : child.text ?? ""
      return note.isEmpty ? nil : note
    }
    return nil
  }

  static func capitalized(_ name: String) -> String {
    name.prefix(1).uppercased() + name.dropFirst()
  }
}
