import Clibyaml

/// A YAML document as a tree: mappings (their entries in order, keys as text), sequences and
/// scalars (their text). Anchors and aliases are resolved (an alias is a copy of its anchor's
/// node), and so are merge keys (`<<: *base`, `<<: [*a, *b]`: the entries of those mappings
/// that the mapping does not have itself).
public indirect enum YAMLNode: Sendable, Equatable {
  /// A scalar's text; `isPlain` when it is not quoted (`null`, `~`, `<<` are plain only).
  case scalar(String, isPlain: Bool)
  case sequence([YAMLNode])
  case mapping([YAMLEntry])

  /// The text of a scalar (nil for a null: empty, `~` or `null` unquoted).
  public var string: String? {
    guard case .scalar(let text, let isPlain) = self else { return nil }
    if isPlain, ["", "~", "null", "Null", "NULL"].contains(text) { return nil }
    return text
  }

  /// The elements of a sequence.
  public var array: [YAMLNode]? {
    if case .sequence(let elements) = self { return elements }
    return nil
  }

  /// The entries of a mapping.
  public var entries: [YAMLEntry]? {
    if case .mapping(let entries) = self { return entries }
    return nil
  }

  /// The value of `key` in a mapping.
  public subscript(key: String) -> YAMLNode? {
    entries?.last { $0.key == key }?.value
  }

  /// A boolean scalar (YAML 1.1's words: `true`, `yes`, `on`, and their opposites).
  public var bool: Bool? {
    switch string?.lowercased() {
    case "true", "yes", "on", "y": true
    case "false", "no", "off", "n": false
    default: nil
    }
  }
}

/// One entry of a mapping.
public struct YAMLEntry: Sendable, Equatable {
  public var key: String
  public var value: YAMLNode

  public init(key: String, value: YAMLNode) {
    self.key = key
    self.value = value
  }
}

/// Reads YAML bytes with libyaml's parser (its events, into ``YAMLNode``): the first document
/// of the stream. Untrusted input is bounded: nesting depth and the size of the tree, aliases
/// expanded, are limited (a "billion laughs" document is an error, not a hang).
public enum YAMLReader {
  public struct ReadError: Error, Sendable, Equatable {
    public var message: String
    /// 1-based line of the problem, when libyaml says.
    public var line: Int?
  }

  /// Deepest nesting of collections read.
  public static let maximumDepth = 256
  /// Most nodes in the tree, counting each alias as the nodes it copies.
  public static let maximumNodes = 1_000_000

  /// The first document of `bytes` (an empty stream is a null scalar).
  public static func read(_ bytes: [UInt8]) throws(ReadError) -> YAMLNode {
    // libyaml needs a valid pointer even for no bytes.
    let input = bytes.isEmpty ? [UInt8(ascii: "\n")] : bytes
    let result: Result<YAMLNode, ReadError> = input.withUnsafeBufferPointer { buffer in
      var parser = yaml_parser_t()
      guard yaml_parser_initialize(&parser) == 1 else {
        return .failure(ReadError(message: "cannot start the YAML parser"))
      }
      defer { yaml_parser_delete(&parser) }
      yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
      var builder = Builder()
      while true {
        var event = yaml_event_t()
        guard yaml_parser_parse(&parser, &event) == 1 else {
          let problem = parser.problem.map { String(cString: $0) } ?? "malformed YAML"
          return .failure(
            ReadError(message: problem, line: Int(parser.problem_mark.line) + 1))
        }
        defer { yaml_event_delete(&event) }
        do throws(BuildError) {
          if try builder.handle(&event) { break }
        } catch {
          return .failure(
            ReadError(message: error.message, line: Int(event.start_mark.line) + 1))
        }
      }
      return .success(builder.document ?? .scalar("", isPlain: true))
    }
    return try result.get()
  }

  private struct BuildError: Error { var message: String }

  /// The tree under construction: one frame per open collection.
  private struct Builder {
    enum Frame {
      case sequence(anchor: String?, elements: [YAMLNode], size: Int)
      /// `key` is the pending key (its text, and whether it is a plain `<<`); `positions` the
      /// index of each key in `entries`.
      case mapping(
        anchor: String?, entries: [YAMLEntry], positions: [String: Int], merges: [YAMLNode],
        key: (String, Bool)?, size: Int)
    }

    var stack: [Frame] = []
    var anchors: [String: (node: YAMLNode, size: Int)] = [:]
    var total = 0
    var document: YAMLNode?

    /// Takes one event; true once the first document is complete.
    mutating func handle(_ event: inout yaml_event_t) throws(BuildError) -> Bool {
      switch event.type {
      case YAML_SCALAR_EVENT:
        let scalar = event.data.scalar
        let text = String(
          decoding: UnsafeBufferPointer(start: scalar.value, count: Int(scalar.length)),
          as: UTF8.self)
        let node = YAMLNode.scalar(text, isPlain: scalar.style == YAML_PLAIN_SCALAR_STYLE)
        return try add(node, size: 1, anchor: Self.text(scalar.anchor))
      case YAML_ALIAS_EVENT:
        let name = Self.text(event.data.alias.anchor) ?? ""
        guard let anchored = anchors[name] else {
          throw BuildError(message: "alias *\(name) names no anchor")
        }
        return try add(anchored.node, size: anchored.size, anchor: nil)
      case YAML_SEQUENCE_START_EVENT:
        try open(
          .sequence(anchor: Self.text(event.data.sequence_start.anchor), elements: [], size: 1))
      case YAML_MAPPING_START_EVENT:
        try open(
          .mapping(
            anchor: Self.text(event.data.mapping_start.anchor), entries: [], positions: [:],
            merges: [], key: nil, size: 1))
      case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
        guard let frame = stack.popLast() else { return false }
        switch frame {
        case .sequence(let anchor, let elements, let size):
          return try add(.sequence(elements), size: size, anchor: anchor)
        case .mapping(let anchor, var entries, var positions, let merges, _, let size):
          // Merged mappings add the keys the mapping lacks, the first merged one first.
          for merged in merges {
            for mapping in merged.array ?? [merged] {
              for entry in mapping.entries ?? [] where positions[entry.key] == nil {
                positions[entry.key] = entries.count
                entries.append(entry)
              }
            }
          }
          return try add(.mapping(entries), size: size, anchor: anchor)
        }
      case YAML_DOCUMENT_END_EVENT, YAML_STREAM_END_EVENT:
        return true
      default:
        break
      }
      return false
    }

    private mutating func open(_ frame: Frame) throws(BuildError) {
      guard stack.count < YAMLReader.maximumDepth else {
        throw BuildError(message: "nested more than \(YAMLReader.maximumDepth) levels deep")
      }
      stack.append(frame)
    }

    /// Adds a complete node to the open collection (or makes it the document).
    private mutating func add(_ node: YAMLNode, size: Int, anchor: String?) throws(BuildError)
      -> Bool
    {
      total += size
      guard total <= YAMLReader.maximumNodes else {
        throw BuildError(
          message: "more than \(YAMLReader.maximumNodes) nodes, aliases expanded")
      }
      if let anchor { anchors[anchor] = (node, size) }
      guard let frame = stack.popLast() else {
        document = node
        return true
      }
      switch frame {
      case .sequence(let anchor, var elements, let count):
        elements.append(node)
        stack.append(.sequence(anchor: anchor, elements: elements, size: count + size))
      case .mapping(let anchor, var entries, var positions, var merges, let key, let count):
        if let (name, isMerge) = key {
          if isMerge {
            merges.append(node)
          } else if let index = positions[name] {
            entries[index].value = node
          } else {
            positions[name] = entries.count
            entries.append(YAMLEntry(key: name, value: node))
          }
          stack.append(
            .mapping(
              anchor: anchor, entries: entries, positions: positions, merges: merges, key: nil,
              size: count + size))
        } else {
          // A key: a scalar's text (a collection as a key is read as an empty key).
          let pending: (String, Bool)
          if case .scalar(let text, let isPlain) = node {
            pending = (text, isPlain && text == "<<")
          } else {
            pending = ("", false)
          }
          stack.append(
            .mapping(
              anchor: anchor, entries: entries, positions: positions, merges: merges, key: pending,
              size: count + size))
        }
      }
      return false
    }

    private static func text(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
      pointer.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
    }
  }
}

extension YAMLNode {
  /// XcodeGen's merge of an included spec (`self`) with the one that includes it (`other`, on
  /// top): mappings merge key by key, sequences are concatenated, anything else is replaced;
  /// a key written `key:REPLACE` replaces the value instead of merging with it.
  public func merged(with other: YAMLNode, depth: Int = 0) -> YAMLNode {
    switch (self, other) {
    case (.mapping(var entries), .mapping(let top)) where depth < YAMLReader.maximumDepth:
      for entry in top {
        let replaces = entry.key.hasSuffix(":REPLACE")
        let key = replaces ? String(entry.key.dropLast(":REPLACE".count)) : entry.key
        if let index = entries.firstIndex(where: { $0.key == key }) {
          entries[index].value =
            replaces
            ? entry.value : entries[index].value.merged(with: entry.value, depth: depth + 1)
        } else {
          entries.append(YAMLEntry(key: key, value: entry.value))
        }
      }
      return .mapping(entries)
    case (.sequence(let elements), .sequence(let more)):
      return .sequence(elements + more)
    default:
      return other
    }
  }
}
