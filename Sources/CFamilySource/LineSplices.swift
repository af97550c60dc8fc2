/// Translation phase 2: the input with every line continuation (a `\` ending a physical line)
/// removed, and the way back to the input's offsets.
///
/// A continuation is `\`, optional spaces and tabs (as GCC and clang accept, with a warning), then
/// a line break (LF, CR LF or CR). The lexer reads ``bytes`` (the logical text: the input itself
/// when it has no continuation), and maps every token's offsets back to the input. Trigraphs
/// (`??/` + line break) are not read: clang and GCC's GNU modes ignore them, and C++17 has none.
struct LineSplices {
  /// The input with its continuations removed.
  let bytes: [UInt8]
  /// For each continuation, in order: the logical offset where it was removed.
  private var logicalOffsets: [Int] = []
  /// For each continuation: the input bytes removed by it and every one before it.
  private var removedThrough: [Int] = []

  /// Whether the input has no continuation (logical and input offsets are the same).
  var isEmpty: Bool { logicalOffsets.isEmpty }

  init(_ input: [UInt8]) {
    guard let first = input.firstIndex(of: UInt8(ascii: "\\")) else {
      bytes = input
      return
    }
    var output: [UInt8] = []
    var copied = 0
    var index = first
    var removed = 0
    while index < input.count {
      guard input[index] == UInt8(ascii: "\\"), let after = Self.continuationEnd(input, index)
      else {
        index += 1
        continue
      }
      if output.isEmpty { output.reserveCapacity(input.count) }
      output.append(contentsOf: input[copied..<index])
      removed += after - index
      logicalOffsets.append(output.count)
      removedThrough.append(removed)
      copied = after
      index = after
    }
    if logicalOffsets.isEmpty {
      bytes = input
    } else {
      output.append(contentsOf: input[copied...])
      bytes = output
    }
  }

  /// The end of the continuation whose `\` is at `index`, if it starts one.
  static func continuationEnd(_ input: [UInt8], _ index: Int) -> Int? {
    var next = index + 1
    while next < input.count, input[next] == UInt8(ascii: " ") || input[next] == UInt8(ascii: "\t")
    {
      next += 1
    }
    guard next < input.count else { return nil }
    if input[next] == UInt8(ascii: "\n") { return next + 1 }
    guard input[next] == UInt8(ascii: "\r") else { return nil }
    return next + 1 < input.count && input[next + 1] == UInt8(ascii: "\n") ? next + 2 : next + 1
  }

  /// The input offset of the logical byte at `logical` (continuations just before it skipped);
  /// `logical` may be `bytes.count`.
  func inputOffset(_ logical: Int) -> Int {
    guard !logicalOffsets.isEmpty else { return logical }
    // The last continuation removed at or before `logical`.
    let low = continuations { logicalOffsets[$0] <= logical }
    return low == 0 ? logical : logical + removedThrough[low - 1]
  }

  /// The input offset just past the logical range `start..<end`: after its last byte, so that
  /// a continuation right after the range is not part of it.
  func inputEnd(_ end: Int, start: Int) -> Int {
    end > start ? inputOffset(end - 1) + 1 : inputOffset(end)
  }

  /// The logical offset of the input offset `input`, which lies in no continuation.
  func logicalOffset(ofInput input: Int) -> Int {
    guard !logicalOffsets.isEmpty else { return input }
    // The last continuation whose removed bytes end at or before `input`.
    let low = continuations { logicalOffsets[$0] + removedThrough[$0] <= input }
    return low == 0 ? input : input - removedThrough[low - 1]
  }

  /// How many continuations, from the first, satisfy `isBefore` (which holds for a prefix of
  /// them): a binary search.
  private func continuations(_ isBefore: (Int) -> Bool) -> Int {
    var low = 0
    var high = logicalOffsets.count
    while low < high {
      let middle = (low + high) / 2
      if isBefore(middle) { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
