// swift-tools-version:6.0
// foundation-baseline — the naive Foundation implementation of `lhc compile`, used only as a cost
// baseline by Benchmarks/run.py. JSONDecoder → Codable model → dictionaries → PropertyListEncoder.
import PackageDescription

let package = Package(
  name: "FoundationBaseline",
  products: [
    .executable(name: "foundation-baseline", targets: ["foundation-baseline"])
  ],
  targets: [
    .executableTarget(name: "foundation-baseline")
  ]
)
