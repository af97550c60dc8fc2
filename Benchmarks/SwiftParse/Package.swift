// swift-tools-version:6.0
// swift-parse — lhc extract's Swift parser alone over the files lhc extract reads, used only as a
// cost baseline by Benchmarks/run.py (target (n): lhc extract --list ≤ 1.5 × this).
import PackageDescription

let package = Package(
  name: "SwiftParse",
  platforms: [.macOS(.v13)],
  dependencies: [.package(name: "lhc", path: "../..")],
  targets: [
    .executableTarget(
      name: "swift-parse", dependencies: [.product(name: "LHCKit", package: "lhc")])
  ]
)
