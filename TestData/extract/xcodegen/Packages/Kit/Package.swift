// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Kit",
  defaultLocalization: "en",
  targets: [.target(name: "Kit")]
)
