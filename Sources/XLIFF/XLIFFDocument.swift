/// An XLIFF 1.2 document as Xcode writes and reads it (`xliff.md` §1): files of translation units,
/// each with a source, an optional target and notes. Nothing else of XLIFF 1.2 is kept (groups are
/// read through, `alt-trans` and other extensions are skipped).
public struct XLIFFDocument: Sendable, Equatable {
  public var files: [XLIFFFile]

  public init(files: [XLIFFFile]) {
    self.files = files
  }
}

/// One `<file>`: the units of one String Catalog in one target language.
public struct XLIFFFile: Sendable, Equatable {
  /// `original`: the catalog's path (Xcode: relative to the project).
  public var original: String
  public var sourceLanguage: String
  /// `target-language`; nil when the file has none (a reader's document only).
  public var targetLanguage: String?
  /// `datatype` (Xcode writes `plaintext`).
  public var datatype: String
  /// The `<tool>` of the file's `<header>`, if any.
  public var tool: XLIFFTool?
  public var units: [TransUnit]
  /// Byte offset of `<file` in the document read (0 for a document built in code).
  public var offset: Int

  public init(
    original: String, sourceLanguage: String, targetLanguage: String?,
    datatype: String = "plaintext", tool: XLIFFTool? = nil, units: [TransUnit] = [],
    offset: Int = 0
  ) {
    self.original = original
    self.sourceLanguage = sourceLanguage
    self.targetLanguage = targetLanguage
    self.datatype = datatype
    self.tool = tool
    self.units = units
    self.offset = offset
  }
}

/// `<tool tool-id=… tool-name=… tool-version=… build-num=…/>`.
public struct XLIFFTool: Sendable, Equatable {
  public var id: String
  public var name: String
  public var version: String?
  public var buildNumber: String?

  public init(id: String, name: String, version: String? = nil, buildNumber: String? = nil) {
    self.id = id
    self.name = name
    self.version = version
    self.buildNumber = buildNumber
  }

  /// Xcode's element: `tool-id="com.apple.dt.xcode" tool-name="Xcode"`.
  public static func xcode(version: String, buildNumber: String) -> XLIFFTool {
    XLIFFTool(id: "com.apple.dt.xcode", name: "Xcode", version: version, buildNumber: buildNumber)
  }
}

/// One `<trans-unit>`.
public struct TransUnit: Sendable, Equatable {
  public var id: String
  /// The `<source>` text, inline elements flattened; nil when the unit has no `<source>`.
  public var source: String?
  public var target: Target?
  /// The `<note>`s in document order (Xcode writes exactly one, empty when there is no comment).
  public var notes: [Note]
  /// Byte offset of `<trans-unit` in the document read.
  public var offset: Int

  public init(
    id: String, source: String?, target: Target? = nil, notes: [Note] = [], offset: Int = 0
  ) {
    self.id = id
    self.source = source
    self.target = target
    self.notes = notes
    self.offset = offset
  }

  /// `<target state=… state-qualifier=…>text</target>`.
  public struct Target: Sendable, Equatable {
    /// The text, inline elements flattened (empty for `<target/>`).
    public var text: String
    /// `state`, as written; nil when absent.
    public var state: String?
    /// `state-qualifier`, as written; nil when absent.
    public var stateQualifier: String?
    /// Byte offset of `<target` in the document read.
    public var offset: Int

    public init(text: String, state: String?, stateQualifier: String? = nil, offset: Int = 0) {
      self.text = text
      self.state = state
      self.stateQualifier = stateQualifier
      self.offset = offset
    }
  }

  /// `<note from=…>text</note>`.
  public struct Note: Sendable, Equatable {
    public var text: String
    /// `from` (Xcode: `auto-generated` for generated comments); nil when absent.
    public var from: String?

    public init(text: String, from: String? = nil) {
      self.text = text
      self.from = from
    }
  }
}

/// The XLIFF 1.2 namespace.
public let xliffNamespace = "urn:oasis:names:tc:xliff:document:1.2"
