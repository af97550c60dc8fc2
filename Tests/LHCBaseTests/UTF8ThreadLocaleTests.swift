import LHCBase
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// ``UTF8ThreadLocale``: a UTF-8 `LC_CTYPE` inside, on the calling thread only, restored after.
/// Under `make test-asan` leak detection also checks that every locale it makes is freed (it once
/// made two per call and freed one).
@Suite("UTF8ThreadLocale")
struct UTF8ThreadLocaleTests {
  /// The character set of this thread's locale (`nl_langinfo` follows `uselocale`).
  static func codeset() -> String { String(cString: nl_langinfo(nl_item(CODESET))) }

  @Test func utf8InsideRestoredAfterOnEveryThread() {
    let before = Self.codeset()
    let inside = Parallel.map(Array(0..<64)) { _ in
      UTF8ThreadLocale.run { Self.codeset() }
    }
    #expect(inside.allSatisfy { $0 == "UTF-8" }, "\(inside)")
    #expect(Self.codeset() == before)
  }
}
