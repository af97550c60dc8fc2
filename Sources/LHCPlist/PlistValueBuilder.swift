/// Builds a ``PlistValue`` from ``PlistBuilder`` calls, for writers that need the whole value
/// (the binary writer), so a structure is described once for every output format.
public final class PlistValueBuilder: PlistBuilder {
  /// Open dictionaries, each with the key it will have in its parent.
  private var stack: [(key: String?, entries: [String: PlistValue])] = []
  private var pendingKey: String?
  /// The finished root value.
  public private(set) var result: PlistValue?

  public init() {}

  public func beginDictionary() {
    stack.append((pendingKey, [:]))
    pendingKey = nil
  }

  public func key(_ key: String) {
    pendingKey = key
  }

  public func string(_ value: String) {
    insert(.string(value))
  }

  public func endDictionary() {
    guard let top = stack.popLast() else { return }
    pendingKey = top.key
    insert(.dictionary(top.entries))
  }

  private func insert(_ value: PlistValue) {
    if stack.isEmpty {
      result = value
    } else if let key = pendingKey {
      stack[stack.count - 1].entries[key] = value
    }
    pendingKey = nil
  }
}
