import Dispatch
import LHCBase

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A written catalog as ``CatalogWriter/chunks(_:threads:sizeHint:)`` made it: the top level
/// around the runs of entries, each run in the buffer its core wrote. The bytes in order are the
/// catalog's file; ``joined()`` copies them into one array.
public final class CatalogBytes: @unchecked Sendable {
  /// One buffer (a class: a noncopyable value cannot be returned through `map`).
  final class Piece: @unchecked Sendable {
    var out: JSONOutput
    init(_ out: consuming JSONOutput) { self.out = out }
  }

  private let top: Piece
  /// Where in `top` the runs go (inside `strings`).
  private let split: Int
  private let pieces: [Piece]

  init(top: Piece, split: Int, pieces: [Piece]) {
    self.top = top
    self.split = split
    self.pieces = pieces
  }

  /// The number of bytes.
  public var count: Int {
    pieces.reduce(top.out.bytes.count) { $0 + $1.out.bytes.count }
  }

  /// Calls `body` with the chunks in file order (valid only during the call).
  public func withChunks<R, E: Error>(_ body: ([UnsafeRawBufferPointer]) throws(E) -> R)
    throws(E) -> R
  {
    var chunks: [UnsafeRawBufferPointer] = []
    chunks.reserveCapacity(pieces.count + 2)
    top.out.bytes.withBytes {
      chunks.append(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: $0[..<split])))
    }
    for piece in pieces { piece.out.bytes.withBytes { chunks.append(UnsafeRawBufferPointer($0)) } }
    top.out.bytes.withBytes {
      chunks.append(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: $0[split...])))
    }
    return try body(chunks)
  }

  /// The byte at `offset` (less than ``count``), without joining the chunks: for the few bytes
  /// around a difference (``FormatDifference``).
  public subscript(offset: Int) -> UInt8 {
    withChunks { chunks in
      var start = 0
      for chunk in chunks {
        if offset < start + chunk.count { return chunk[offset - start] }
        start += chunk.count
      }
      preconditionFailure("offset \(offset) past the end (\(start) bytes)")
    }
  }

  /// The bytes in one array.
  public func joined() -> [UInt8] {
    withChunks { chunks in
      [UInt8](unsafeUninitializedCapacity: chunks.reduce(0) { $0 + $1.count }) { buffer, count in
        for chunk in chunks where chunk.count > 0 {
          UnsafeMutableRawPointer(buffer.baseAddress! + count)
            .copyMemory(from: chunk.baseAddress!, byteCount: chunk.count)
          count += chunk.count
        }
      }
    }
  }
}

/// Hands the writer's runs to a consumer in order as they are finished, whichever thread finishes
/// them: the thread whose run completes the next stretch hands over that stretch, one run at a time,
/// and also the runs other threads finish meanwhile (they go on writing their next run).
final class InOrderHandoff: @unchecked Sendable {
  /// Guards `waiting`, `next` and `handing`.
  private let lock = DispatchQueue(label: "lhc.writer.handoff")
  private var waiting: [CatalogBytes.Piece?]
  private var next = 0
  private var handing = false
  private let ready: (UnsafeRawBufferPointer) -> Void

  init(runs: Int, ready: @escaping (UnsafeRawBufferPointer) -> Void) {
    waiting = Array(repeating: nil, count: runs)
    self.ready = ready
  }

  /// Run `run` is written.
  func finished(_ run: Int, _ piece: CatalogBytes.Piece) {
    var handed = lock.sync {
      waiting[run] = piece
      return handing ? nil : take()
    }
    while let piece = handed {
      piece.out.bytes.withBytes { ready(UnsafeRawBufferPointer($0)) }
      handed = lock.sync { take() }
    }
  }

  /// The next run when it is written (then this thread is handing over), else nil (and nobody is).
  private func take() -> CatalogBytes.Piece? {
    guard next < waiting.count, let piece = waiting[next] else {
      handing = false
      return nil
    }
    waiting[next] = nil
    next += 1
    handing = true
    return piece
  }
}
