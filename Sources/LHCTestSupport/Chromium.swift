import Foundation

/// Headless Chromium, for the tests of the HTML reports: it loads a page from a `file://` URL in a
/// fresh profile, and gives the DOM after the load event (`--dump-dom`) and a screenshot.
public enum Chromium {
  /// `CHROMIUM`, else the first of `chromium`, `chromium-browser`, `google-chrome` on `PATH`;
  /// nil when there is none (`make test` installs Debian's `chromium`: `make browser`).
  public static let path: String? = {
    let environment = ProcessInfo.processInfo.environment
    if let explicit = environment["CHROMIUM"], !explicit.isEmpty {
      return FileManager.default.isExecutableFile(atPath: explicit) ? explicit : nil
    }
    let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    for name in ["chromium", "chromium-browser", "google-chrome"] {
      for folder in folders where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)")
      {
        return "\(folder)/\(name)"
      }
    }
    return nil
  }()

  /// Why the browser tests are skipped.
  public static let missing =
    "chromium not found: make test installs Debian's chromium (make browser), or set CHROMIUM"

  /// Loads `page` (with `#fragment` when given) in a new profile and returns the DOM Chromium
  /// serializes after the load event; `screenshot`, when given, is where the window (`width` ×
  /// `height`) is saved as PNG.
  ///
  /// `javaScript: false` turns JavaScript off as a user does in Chromium's settings ("Don't allow
  /// sites to use JavaScript": the profile's default JavaScript content setting, *block*).
  /// `--blink-settings=scriptEnabled=false` cannot be used: in Chromium 156's headless mode
  /// `--dump-dom` and `--screenshot` are carried out by a page of Chromium's own that the setting
  /// turns off too, so they print and save nothing; the content setting applies to sites only.
  ///
  /// `fileAccess: true` lets the page read other `file://` pages (`--allow-file-access-from-files`):
  /// a test page that drives a report in an `<iframe>`.
  public static func load(
    _ page: URL, fragment: String? = nil, javaScript: Bool = true, fileAccess: Bool = false,
    screenshot: URL? = nil, width: Int = 1200, height: Int = 900
  ) throws -> String {
    guard let path else { throw ChromiumError(message: missing) }
    let profile = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: profile) }
    if !javaScript {
      let defaults = profile.appendingPathComponent("Default")
      try FileManager.default.createDirectory(at: defaults, withIntermediateDirectories: true)
      try Data(#"{"profile":{"default_content_setting_values":{"javascript":2}}}"#.utf8).write(
        to: defaults.appendingPathComponent("Preferences"))
    }
    var url = page.absoluteURL.absoluteString
    if let fragment { url += "#" + fragment }
    var arguments = [
      "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
      "--user-data-dir=\(profile.path)", "--window-size=\(width),\(height)", "--dump-dom",
    ]
    if fileAccess { arguments.append("--allow-file-access-from-files") }
    if let screenshot {
      try? FileManager.default.removeItem(at: screenshot)
      arguments.append("--screenshot=\(screenshot.path)")
    }
    let result = try runProcess(
      URL(fileURLWithPath: path), arguments + [url], in: profile, timeout: 120)
    guard result.status == 0, !result.timedOut, result.stdout.contains("<html") else {
      throw ChromiumError(
        message: "chromium \(url): status \(result.status)\(result.timedOut ? " (timed out)" : "")"
          + ", no DOM; standard error:\n" + result.stderr)
    }
    if let screenshot, !FileManager.default.fileExists(atPath: screenshot.path) {
      throw ChromiumError(message: "chromium wrote no screenshot to \(screenshot.path)")
    }
    return result.stdout
  }
}

public struct ChromiumError: Error, CustomStringConvertible {
  public var message: String
  public var description: String { message }
}

/// One element of an HTML document as Python's `html.parser` reads it (an oracle independent of
/// the browser and of lhc): tag, attributes, all the text inside it, the index of its parent.
public struct HTMLElement: Sendable, Decodable {
  public var index: Int
  public var tag: String
  public var attributes: [String: String]
  public var text: String
  public var parent: Int?

  /// The words of the `class` attribute.
  public var classes: [String] {
    (attributes["class"] ?? "").split(separator: " ").map(String.init)
  }
}

/// A document's elements in document order, read with Python's `html.parser`.
public struct HTMLDocument: Sendable {
  public var elements: [HTMLElement]

  public init(_ html: String) throws {
    let script = """
      import json, sys
      from html.parser import HTMLParser
      VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
              "source", "track", "wbr"}
      class Reader(HTMLParser):
          def __init__(self):
              super().__init__(convert_charrefs=True)
              self.elements, self.open, self.pieces, self.spans = [], [], [], []
          def handle_starttag(self, tag, attrs):
              self.elements.append(dict(index=len(self.elements), tag=tag,
                  attributes={k: v or "" for k, v in attrs},
                  parent=self.open[-1] if self.open else None))
              self.spans.append([len(self.pieces), None])
              if tag not in VOID: self.open.append(len(self.elements) - 1)
              else: self.spans[-1][1] = len(self.pieces)
          def handle_startendtag(self, tag, attrs):
              self.handle_starttag(tag, attrs)
              if tag not in VOID: self.end(len(self.open) - 1)
          def end(self, depth):
              for index in self.open[depth:]: self.spans[index][1] = len(self.pieces)
              del self.open[depth:]
          def handle_endtag(self, tag):
              for depth in range(len(self.open) - 1, -1, -1):
                  if self.elements[self.open[depth]]["tag"] == tag:
                      self.end(depth)
                      break
          def handle_data(self, data):
              self.pieces.append(data)
      reader = Reader()
      reader.feed(open(sys.argv[1], encoding="utf-8").read())
      reader.close()
      reader.end(0)
      for element, (start, end) in zip(reader.elements, reader.spans):
          element["text"] = "".join(reader.pieces[start:end])
      json.dump(reader.elements, sys.stdout)
      """
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("page.html")
    try Data(html.utf8).write(to: file)
    let result = try runProcess(
      URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, file.path])
    guard result.status == 0 else { throw PythonError(message: result.stderr) }
    elements = try JSONDecoder().decode([HTMLElement].self, from: Data(result.stdout.utf8))
    children = Array(repeating: [], count: elements.count)
    for element in elements {
      if let parent = element.parent { children[parent].append(element.index) }
    }
  }

  /// The indices of each element's children, in document order.
  private var children: [[Int]]

  /// The elements with `tag` (and the class `class`, when given), in document order, below
  /// `ancestor` when given.
  public func all(_ tag: String, class name: String? = nil, in ancestor: HTMLElement? = nil)
    -> [HTMLElement]
  {
    let matches = { (element: HTMLElement) in
      element.tag == tag && (name.map { element.classes.contains($0) } ?? true)
    }
    guard let ancestor else { return elements.filter(matches) }
    var found: [HTMLElement] = []
    var pending = Array(children[ancestor.index].reversed())
    while let index = pending.popLast() {
      if matches(elements[index]) { found.append(elements[index]) }
      pending += children[index].reversed()
    }
    return found
  }

  /// The nearest ancestor of `element` with `tag` (and the class `class`, when given).
  public func closest(_ element: HTMLElement, _ tag: String, class name: String? = nil)
    -> HTMLElement?
  {
    var current = element.parent
    while let index = current {
      let candidate = elements[index]
      if candidate.tag == tag && (name.map { candidate.classes.contains($0) } ?? true) {
        return candidate
      }
      current = candidate.parent
    }
    return nil
  }

  /// True when `element` is below `ancestor`.
  public func isInside(_ element: HTMLElement, _ ancestor: HTMLElement) -> Bool {
    var current = element.parent
    while let index = current {
      if index == ancestor.index { return true }
      current = elements[index].parent
    }
    return false
  }

  /// True when `element` or an ancestor has the `hidden` attribute (it is not shown).
  public func isHidden(_ element: HTMLElement) -> Bool {
    var current: HTMLElement? = element
    while let candidate = current {
      if candidate.attributes["hidden"] != nil { return true }
      current = candidate.parent.map { elements[$0] }
    }
    return false
  }
}
