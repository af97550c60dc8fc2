import CFuzzer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The signature libFuzzer calls for every input: its bytes; returns 0 (keep) or -1 (reject).
public typealias FuzzTestOneInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

/// Runs libFuzzer on `testOneInput` with this process's command line and exits with its status.
public func runFuzzer(_ testOneInput: FuzzTestOneInput) -> Never {
  var argc = CommandLine.argc
  var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
  exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
}

/// The input's bytes as an array.
public func fuzzBytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
  Array(UnsafeBufferPointer(start: data, count: size))
}
