import Clibdeflate

/// A libdeflate compressor at one level, for one thread at a time (libdeflate's rule), with the
/// output buffer it reuses from entry to entry.
final class Compressor {
  private let handle: OpaquePointer
  private var output: [UInt8] = []

  /// A compressor at `level` (0…12); nil when libdeflate refuses the level or has no memory.
  init?(level: Int) {
    guard let handle = libdeflate_alloc_compressor(Int32(level)) else { return nil }
    self.handle = handle
  }

  deinit { libdeflate_free_compressor(handle) }

  /// `bytes` as one raw deflate stream (what a zip entry of method 8 holds). An empty input gives
  /// the two-byte stream of one empty final block, as zlib writes it.
  func deflate(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
    let bound = libdeflate_deflate_compress_bound(handle, bytes.count)
    if output.count < bound { output = [UInt8](repeating: 0, count: bound) }
    let count = output.withUnsafeMutableBytes { output in
      libdeflate_deflate_compress(handle, bytes.baseAddress, bytes.count, output.baseAddress, bound)
    }
    // The bound is libdeflate's worst case for this input size: 0 (did not fit) cannot happen.
    precondition(count > 0, "libdeflate output exceeded its own bound")
    return Array(output[..<count])
  }
}

/// A libdeflate decompressor, for one thread at a time.
final class Decompressor {
  private let handle: OpaquePointer

  /// A decompressor; nil when there is no memory for one.
  init?() {
    guard let handle = libdeflate_alloc_decompressor() else { return nil }
    self.handle = handle
  }

  deinit { libdeflate_free_decompressor(handle) }

  /// The bytes of the raw deflate stream `compressed`, which must decompress to exactly `size`
  /// bytes and end exactly at its last byte; nil otherwise.
  func inflate(_ compressed: UnsafeRawBufferPointer, size: Int) -> [UInt8]? {
    var consumed = 0
    var failed = false
    let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
      let status = libdeflate_deflate_decompress_ex(
        handle, compressed.baseAddress, compressed.count, buffer.baseAddress, size, &consumed, nil)
      failed = status != LIBDEFLATE_SUCCESS
      count = failed ? 0 : size
    }
    return failed || consumed != compressed.count ? nil : bytes
  }
}

/// The CRC-32 of `bytes` (the zip and gzip checksum).
func crc32(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
  libdeflate_crc32(0, bytes.baseAddress, bytes.count)
}
