import FuzzSupport
import LingoHubCDN

/// The LingoHub CDN check-response decoders on arbitrary bytes: a `200` body into the release
/// description, an error body into RFC 7807 problem details (or the legacy `error_message`), and
/// the one-line summary lhc prints from it. Each must return or throw, never trap.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let body = fuzzBytes(data, size)
  _ = try? BundleInfo.decode(body)
  _ = ProblemDetails.decode(body)?.summary
  return 0
}

runFuzzer(testOneInput)
