#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs work with a UTF-8 `LC_CTYPE` on the calling thread only, when the system has one: libarchive
/// converts zip entry names through the current locale, and Swift programs run in the C locale.
public enum UTF8ThreadLocale {
  /// Runs `body` on this thread with a UTF-8 `LC_CTYPE` (`uselocale`), restored afterwards.
  public static func run<R>(_ body: () -> R) -> R {
    // A plain loop: `lazy.compactMap(…).first` runs the transform twice for the element it
    // returns, so it made two locales and freed one (a leak per call, found by FuzzReleaseZip).
    var found: locale_t?
    for name in ["C.UTF-8", "en_US.UTF-8", "UTF-8"] where found == nil {
      found = newlocale(LC_CTYPE_MASK, name, nil)
    }
    guard let locale = found else { return body() }
    let previous = uselocale(locale)
    defer {
      uselocale(previous)
      freelocale(locale)
    }
    return body()
  }
}
