import Cnettle

/// SHA-256 (FIPS 180-4): `filesSha256` of downloaded releases (`lhc fetch`), archive and input
/// hashes (`lhc pack`), SARIF fingerprints. CryptoKit does not exist on Linux and lhc takes no
/// outside packages, so the hash is nettle's (`Cnettle`; libarchive links nettle already).
///
/// nettle picks the CPU's SHA instructions where there are (SHA-NI on x86-64, the ARMv8 crypto
/// extension): hashing the 8.2 MB archive of `lhc pack`'s bench was 39M of 1,026M instructions
/// with the compression function written out in Swift (issue 24 in Benchmarks/README.md).
public struct SHA256: Sendable {
  private var context = sha256_ctx()

  public init() {
    nettle_sha256_init(&context)
  }

  /// The digest of `bytes` in lower-case hex.
  public static func hex<C: Collection<UInt8>>(_ bytes: C) -> String {
    var hash = SHA256()
    hash.update(bytes)
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(64)
    for byte in hash.finalize() {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0f)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// Adds `bytes` to the message.
  public mutating func update<C: Collection<UInt8>>(_ bytes: C) {
    let hashed: Void? = bytes.withContiguousStorageIfAvailable { buffer in
      if let base = buffer.baseAddress { nettle_sha256_update(&context, buffer.count, base) }
    }
    if hashed == nil { update(Array(bytes)) }
  }

  /// Pads the message and returns the 32-byte digest.
  public consuming func finalize() -> [UInt8] {
    var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_SIZE))
    digest.withUnsafeMutableBufferPointer { buffer in
      nettle_sha256_digest(&context, buffer.count, buffer.baseAddress)
    }
    return digest
  }
}
