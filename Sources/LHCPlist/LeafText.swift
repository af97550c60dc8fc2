/// The text of the open `<key>` or `<string>` element of a fast-path SAX handler, appended chunk
/// by chunk and emptied for the next element without freeing.
///
/// An `[UInt8]` did the same with `append(contentsOf:)` and `removeAll(keepingCapacity:)`: 21M
/// of the 1,081M instructions of `lhc pack --from` on the 9.9 MB bench catalog's tree, about 140
/// per element (issue 24 in Benchmarks/README.md); this is a copy and a count.
final class LeafText {
  private var storage: UnsafeMutablePointer<UInt8>
  private var capacity = 256
  /// The bytes held.
  private(set) var count = 0

  init() {
    storage = .allocate(capacity: capacity)
  }

  deinit {
    storage.deallocate()
  }

  /// Empties the text, keeping the memory.
  @inline(__always)
  func removeAll() { count = 0 }

  /// Appends `chunk`.
  @inline(__always)
  func append(_ chunk: UnsafeBufferPointer<UInt8>) {
    guard let base = chunk.baseAddress else { return }
    if count + chunk.count > capacity { grow(to: count + chunk.count) }
    (storage + count).update(from: base, count: chunk.count)
    count += chunk.count
  }

  /// Calls `body` with the text (restored by ``XMLControlShield/unshield(_:)`` when the document
  /// was shielded), valid only during the call.
  @inline(__always)
  func withBytes<R>(unshielding shielded: Bool, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    let bytes = UnsafeBufferPointer(start: storage, count: count)
    guard shielded else { return body(bytes) }
    return XMLControlShield.unshield(Array(bytes)).withUnsafeBufferPointer(body)
  }

  private func grow(to needed: Int) {
    while capacity < needed { capacity *= 2 }
    let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    larger.update(from: storage, count: count)
    storage.deallocate()
    storage = larger
  }
}
