/// The bytes of one Swift source file, with the line starts that turn byte offsets into
/// `line:column` (1-based; the column counts UTF-8 bytes, as the Swift compiler's diagnostics do).
public final class SourceFile: @unchecked Sendable {
  /// The path the bytes were read from, as given.
  public let path: String
  public let bytes: [UInt8]
  /// Byte offset of each line's first byte.
  private let lineStarts: [Int]

  public init(path: String, bytes: [UInt8]) {
    self.path = path
    self.bytes = bytes
    var starts = [0]
    starts.reserveCapacity(bytes.count / 32)
    for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
      starts.append(index + 1)
    }
    lineStarts = starts
  }

  /// 1-based line and byte column of `offset`.
  public func lineColumn(of offset: Int) -> (line: Int, column: Int) {
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    return (low + 1, offset - lineStarts[low] + 1)
  }

  /// The text of `range` (invalid UTF-8 repaired).
  public func text(_ range: Range<Int>) -> String {
    let clamped =
      max(0, min(range.lowerBound, bytes.count))..<max(0, min(range.upperBound, bytes.count))
    return String(decoding: bytes[clamped], as: UTF8.self)
  }
}
