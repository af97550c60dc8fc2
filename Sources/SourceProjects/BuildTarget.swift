import SourceStrings

/// A target whose sources Xcode's build extracts strings from: an Xcode project's native target
/// or a Swift package's target, with its Swift files, its String Catalogs and what `#if` sees.
public struct BuildTarget: Sendable {
  public enum Origin: Sendable, Equatable {
    /// An Xcode project (the `project.pbxproj` path).
    case xcodeProject(String)
    /// A Swift package (the `Package.swift` path).
    case package(String)
    /// A project generated from a spec (XcodeGen's `project.yml`, Tuist's `Project.swift`: its
    /// path).
    case generatedProject(String)
  }

  public var name: String
  public var origin: Origin
  public var isTest: Bool
  /// Absolute paths of its Swift sources, each with how it became a member (`--explain`).
  public var sources: [String: String]
  /// Absolute paths of the String Catalogs it builds.
  public var catalogs: [String]
  public var conditions: BuildConditions
  /// Why its strings are never synced (a package without `defaultLocalization`), or nil.
  public var unsyncedReason: String?
  /// Its code runs inside another target's process (a framework, a library, a Swift package's
  /// module), where `Bundle.main` is the host app's bundle, not its own.
  public var isLibrary: Bool
  /// Its sources in the C family (Objective-C, C, C++: ``isOtherSource(_:)``), each with how it
  /// became a member: lhc reads their literals (the sync's safety net), not their lookups.
  public var otherSources: [String: String]

  /// `LOCALIZED_STRING_MACRO_NAMES`: the functions and macros its code looks keys up with,
  /// besides `NSLocalizedString` and `CFCopyLocalizedString`.
  public var macroNames: [String] = []

  /// What Xcode's build extracts from its Swift code (`SWIFT_EMIT_LOC_STRINGS`,
  /// `LOCALIZED_STRING_SWIFTUI_SUPPORT`).
  public var swiftExtraction: SwiftExtraction = .compiler

  /// `LOCALIZED_STRING_CODE_COMMENTS`: the localization routines' calls written in comments
  /// are extracted too.
  public var codeComments = false

  /// A package target's folder (`path:` or `Sources/<name>`), whose files it builds.
  public var folder: String?

  /// A configuration file its settings come from cannot be read: settings it does not set are
  /// unknown, not unset.
  public var hasUnreadSettings = false

  /// The strings of its Info.plist for its `InfoPlist.xcstrings` (an Xcode project's target
  /// with such a catalog), or why lhc cannot read them; nil for the others.
  public var infoPlist: InfoPlistStrings?

  /// What Xcode's build extracts from a target's Swift code.
  public enum SwiftExtraction: String, Sendable {
    /// `SWIFT_EMIT_LOC_STRINGS = YES`: the compiler's extraction, every localizable string.
    case compiler
    /// `SWIFT_EMIT_LOC_STRINGS = NO`, `LOCALIZED_STRING_SWIFTUI_SUPPORT = YES` (its default):
    /// "only string literals in Text() initializers".
    case textOnly
    /// Both `NO`: nothing.
    case off

    /// Whether Xcode's build extracts `string` under this setting. App Shortcuts' phrases are
    /// the App Intents metadata's, not the compiler's: always.
    public func extracts(_ string: LocalizableString) -> Bool {
      if string.phrases != nil { return true }
      return switch self {
      case .compiler: true
      case .textOnly: string.api == "Text"
      case .off: false
      }
    }
  }

  /// The folder of the project (Xcode's or a generated one's) it is a target of; nil for a
  /// package's.
  var projectFolder: String? {
    switch origin {
    case .xcodeProject(let pbxproj): Paths.directory(of: Paths.directory(of: pbxproj))
    case .generatedProject(let spec): Paths.directory(of: spec)
    case .package: nil
    }
  }

  /// It compiles code in other languages too (Objective-C, C): lookups lhc does not read.
  public var hasOtherSources: Bool { !otherSources.isEmpty }

  public init(
    name: String, origin: Origin, isTest: Bool, sources: [String: String], catalogs: [String],
    conditions: BuildConditions, unsyncedReason: String? = nil, isLibrary: Bool = false,
    otherSources: [String: String] = [:]
  ) {
    self.name = name
    self.origin = origin
    self.isTest = isTest
    self.sources = sources
    self.catalogs = catalogs
    self.conditions = conditions
    self.unsyncedReason = unsyncedReason
    self.isLibrary = isLibrary
    self.otherSources = otherSources
  }

  /// Sources in other languages than Swift that can look strings up (`.m`, `.mm`, `.c`, …).
  public static func isOtherSource(_ path: String) -> Bool {
    [".m", ".mm", ".c", ".cc", ".cpp"].contains { path.hasSuffix($0) }
  }

  /// Headers of the C family, which no build phase compiles but whose macros the sources use.
  public static func isHeader(_ path: String) -> Bool {
    path.hasSuffix(".h") || path.hasSuffix(".hpp")
  }

  /// The catalog of `table` (a file named `<table>.xcstrings`), the first in path order when
  /// there are several.
  public func catalog(of table: String) -> String? {
    catalogs.filter { Paths.tableName(of: $0) == table }.sorted().first
  }
}
