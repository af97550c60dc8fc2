import FuzzSupport

// TODO(LingoHubCDN): once the module's decoder lands, import LingoHubCDN and decode the input
// twice: as a 200 body into the distribution's bundle info, and as a 4xx body into the problem
// details (RFC 9457). Then add "FuzzCDNResponse" to FUZZ_ALL_TARGETS in Scripts/fuzz.sh and seed
// it from TestData/cdn (see seed_target there).

/// The LingoHub CDN check-response decoder on arbitrary bytes (a stub until the decoder exists).
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  _ = fuzzBytes(data, size)
  return 0
}

runFuzzer(testOneInput)
