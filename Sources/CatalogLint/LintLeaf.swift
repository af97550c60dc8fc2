import LHCBase
import StringCatalog
import StringTables

/// One step of a leaf's path from its localization's root: a variation case (`plural` `one`,
/// `device` `iphone`, `width` `20`), or the substitution a leaf belongs to.
///
/// The axis is worked out once, when the path is collected: the checks ask whether a step is a
/// plural or device case for every leaf, and comparing paths then compares an enum and a name
/// (steps spelled as `plural:one` strings were built and prefix-tested per leaf, some 20M of
/// lint's 814M instructions on the 9.9 MB bench catalog).
struct LintStep: Equatable {
  enum Axis: Equatable {
    case plural, device, width, substitution
    /// A variation kind lhc does not know (the compiler reports it).
    case other(String)

    init(_ kind: VariationKind) {
      switch kind {
      case .plural: self = .plural
      case .device: self = .device
      case .width: self = .width
      default: self = .other(kind.rawValue)
      }
    }
  }

  var axis: Axis
  /// The case name (`one`, `iphone`, `20`), or the substitution's name.
  var name: String
}

/// One string unit with a value inside a localization, with where it sits.
///
/// `path` names the variation cases from the localization root down; leaves of a substitution
/// start with the substitution's step.
struct LintLeaf {
  var value: String
  /// The unit's state (nil for the key standing in for a source value).
  var state: UnitState?
  /// Offset of the unit (the key's offset for the key standing in for a missing source value).
  var offset: Int
  var path: [LintStep]
  /// The substitution the leaf belongs to (its `%arg` is that substitution's argument).
  var substitution: String?

  /// True inside a plural variation: its form may leave out the count (`One file`).
  var isPluralForm: Bool { path.contains { $0.axis == .plural } }

  /// The leaf's format, parsed as compile parses it (`%arg` only in substitution leaves).
  var format: FormatString {
    FormatString(parsing: value, options: substitution == nil ? [] : .argPlaceholder)
  }

  /// The path with every plural category made `other`: where the format to compare with lives.
  var formatPath: [LintStep] { path.map(Self.formatCase) }

  /// The path without plural, device and width cases: a plain source value stands for any of them.
  var basePath: [LintStep] { path.filter(Self.isBaseCase) }

  /// A path step as it stands in a format path.
  private static func formatCase(_ step: LintStep) -> LintStep {
    step.axis == .plural ? LintStep(axis: .plural, name: "other") : step
  }

  /// Whether a path step stays in a base path.
  private static func isBaseCase(_ step: LintStep) -> Bool {
    switch step.axis {
    case .plural, .device, .width: false
    case .substitution, .other: true
    }
  }

  /// Whether `candidate` is the ``formatPath`` of `path` (compared without building it).
  static func isFormatPath(_ candidate: [LintStep], of path: [LintStep]) -> Bool {
    candidate.count == path.count
      && zip(candidate, path).allSatisfy {
        $1.axis == .plural ? $0.axis == .plural && $0.name == "other" : $0 == $1
      }
  }

  /// Whether `candidate` is the ``basePath`` of `path` (compared without building it).
  static func isBasePath(_ candidate: [LintStep], of path: [LintStep]) -> Bool {
    candidate.elementsEqual(path.lazy.filter(isBaseCase))
  }

  /// True when every plural and device case on the path is `other`.
  var isOtherPath: Bool {
    path.allSatisfy { ($0.axis != .plural && $0.axis != .device) || $0.name == "other" }
  }
}

/// A plural variation found in a localization, with the substitution it belongs to.
struct LintPlural {
  var variation: Variation
  var substitution: String?
}

/// The leaves and plural variations of one localization.
struct LintLeaves {
  private(set) var leaves: [LintLeaf] = []
  private(set) var plurals: [LintPlural] = []

  /// Collects a localization's leaves: its own units and variation cases, then its substitutions'.
  ///
  /// Substitutions under a variation case are not collected: compile ignores them (texts that
  /// reference them are reported as undefined substitutions).
  init(_ node: LocalizationNode) {
    collect(node, path: [], substitution: nil)
    for substitution in node.substitutions {
      for variation in substitution.variations {
        collect(
          variation, path: [LintStep(axis: .substitution, name: substitution.name)],
          substitution: substitution.name)
      }
    }
  }

  /// A single leaf (the key standing in for a source-language value).
  init(key: String, offset: Int) {
    leaves = [LintLeaf(value: key, state: nil, offset: offset, path: [], substitution: nil)]
  }

  private mutating func collect(
    _ node: LocalizationNode, path: [LintStep], substitution: String?
  ) {
    if let unit = node.stringUnit, let value = unit.value {
      leaves.append(
        LintLeaf(
          value: value, state: unit.state, offset: unit.offset, path: path,
          substitution: substitution))
    }
    for variation in node.variations {
      collect(variation, path: path, substitution: substitution)
    }
  }

  private mutating func collect(_ variation: Variation, path: [LintStep], substitution: String?) {
    let axis = LintStep.Axis(variation.kind)
    if axis == .plural {
      plurals.append(LintPlural(variation: variation, substitution: substitution))
    }
    for variationCase in variation.cases {
      collect(
        variationCase.node, path: path + [LintStep(axis: axis, name: variationCase.name)],
        substitution: substitution)
    }
  }
}

/// A source-language leaf with its parsed format, as a translation's leaf finds it: a class, so
/// that looking one up for every leaf retains it instead of copying the leaf.
final class SourceLeaf {
  let leaf: LintLeaf
  /// The format of the first source leaf on the same path with a `%` (none: no arguments).
  let format: SourceLeaves.ParsedFormat

  init(_ leaf: LintLeaf, format: SourceLeaves.ParsedFormat) {
    self.leaf = leaf
    self.format = format
  }

  var path: [LintStep] { leaf.path }
  var value: String { leaf.value }
  /// What the code passes when this leaf is the format reference (``SourceLeaves/expectedArguments(for:)``).
  fileprivate var expected: ExpectedArguments?
}

/// The source-language leaves of a key, looked up for a translation's leaf.
///
/// Their formats are parsed here, once per key, rather than once per translation. A key has few
/// leaves (a plural's categories, a device's classes): paths are found by comparing them in
/// turn, which costs less than hashing arrays of steps, and a leaf's format and base paths are
/// compared as they are derived, never built.
final class SourceLeaves {
  private var byPath: [(path: [LintStep], leaf: SourceLeaf)] = []
  private var byFormatPath: [(path: [LintStep], leaf: SourceLeaf)] = []
  private var byBasePath: [(path: [LintStep], leaf: SourceLeaf)] = []
  /// The key's own format arguments, when it asks for arguments.
  let keyArguments: [FormatArgument]
  /// Whether the code formats the key's strings: otherwise none of them has arguments to read or
  /// misread, and no format check applies.
  let codeFormats: Bool

  /// A source leaf's format arguments, and whether the format has problems of its own.
  struct ParsedFormat {
    var arguments: [FormatArgument]
    /// A `%` starts no complete specifier: which arguments it reads is not certain.
    var hasProblems: Bool
    /// The arguments by position when the text uses only common specifiers (the fast path).
    var simple: [SimpleFormat.Argument]?
  }

  /// The key's arguments by position when it uses only common specifiers, `[]` without `%`.
  let keySimple: [SimpleFormat.Argument]?
  /// The lookups for a leaf with an empty path (a plain value, most leaves).
  private var rootReference: SourceLeaf?
  private var rootTextReference: SourceLeaf?

  /// `codeFormats`: whether the code formats the key's strings
  /// (``TextCheck/codeFormats(key:source:)``).
  init(_ leaves: LintLeaves, key: String, codeFormats: Bool) {
    self.codeFormats = codeFormats
    let keyFormat = FormatString(parsing: key.containsUTF8(UInt8(ascii: "%")) ? key : "")
    keyArguments = keyFormat.asksForArguments ? keyFormat.arguments : []
    keySimple = SimpleFormat(key).map { Self.byPosition($0) }
    // The format of each path: that of its first leaf with a `%`.
    var parsed: [(path: [LintStep], format: ParsedFormat)] = []
    for leaf in leaves.leaves
    where !parsed.contains(where: { $0.path == leaf.path })
      && leaf.value.containsUTF8(UInt8(ascii: "%"))
    {
      let format = leaf.format
      parsed.append(
        (
          leaf.path,
          ParsedFormat(
            arguments: format.arguments,
            hasProblems: !format.invalidTokens.isEmpty,
            simple: leaf.substitution == nil
              ? SimpleFormat(leaf.value).map { Self.byPosition($0) } : nil)
        ))
    }
    let none = ParsedFormat(arguments: [], hasProblems: false, simple: [])
    for leaf in leaves.leaves {
      let path = leaf.path
      let sourceLeaf = SourceLeaf(
        leaf, format: parsed.first { $0.path == path }?.format ?? none)
      if !byPath.contains(where: { $0.path == path }) { byPath.append((path, sourceLeaf)) }
      let formatPath = leaf.formatPath
      if let index = byFormatPath.firstIndex(where: { $0.path == formatPath }) {
        if path == formatPath { byFormatPath[index].leaf = sourceLeaf }
      } else {
        byFormatPath.append((formatPath, sourceLeaf))
      }
      let basePath = leaf.basePath
      if let index = byBasePath.firstIndex(where: { $0.path == basePath }) {
        if leaf.isOtherPath && !byBasePath[index].leaf.leaf.isOtherPath {
          byBasePath[index].leaf = sourceLeaf
        }
      } else {
        byBasePath.append((basePath, sourceLeaf))
      }
    }
    rootReference =
      byFormatPath.first { $0.path.isEmpty }?.leaf ?? byBasePath.first { $0.path.isEmpty }?.leaf
    rootTextReference = byPath.first { $0.path.isEmpty }?.leaf ?? rootReference
  }

  /// The source leaf whose format a leaf must match: the same case with plural categories made
  /// `other`, else the source's `other`/plain value at the same level.
  func formatReference(for leaf: LintLeaf) -> SourceLeaf? {
    if leaf.path.isEmpty { return rootReference }
    let path = leaf.path
    return byFormatPath.first { LintLeaf.isFormatPath($0.path, of: path) }?.leaf
      ?? byBasePath.first { LintLeaf.isBasePath($0.path, of: path) }?.leaf
  }

  /// The arguments the code passes for a leaf whose format reference is `reference`: made once
  /// per source leaf (every translation's leaf compared with it made the same dictionary).
  func expectedArguments(for reference: SourceLeaf?) -> ExpectedArguments {
    guard let reference else { return ExpectedArguments(source: [], key: keyArguments) }
    if let known = reference.expected { return known }
    let made = ExpectedArguments(source: reference.format.arguments, key: keyArguments)
    reference.expected = made
    return made
  }

  /// Arguments sorted by position, then type: equal lists read the same arguments the same way.
  static func byPosition(_ format: SimpleFormat) -> [SimpleFormat.Argument] {
    format.arguments.sorted { ($0.position, $0.valueType) < ($1.position, $1.valueType) }
  }

  /// The source-language leaves of substitution `name` (its forms), in collection order.
  func leaves(ofSubstitution name: String) -> [LintLeaf] {
    byPath.lazy.map(\.leaf.leaf).filter { $0.substitution == name }
  }

  /// The source leaf whose text a translation's leaf is compared with: the same case, else the
  /// format reference.
  func textReference(for leaf: LintLeaf) -> SourceLeaf? {
    if leaf.path.isEmpty { return rootTextReference }
    let path = leaf.path
    return byPath.first { $0.path == path }?.leaf ?? formatReference(for: leaf)
  }
}
