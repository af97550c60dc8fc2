// swift-tools-version:5.9
import PackageDescription

let package = Package(
  name: "App",
  defaultLocalization: "en",
  platforms: [.iOS(.v17)],
  dependencies: [
    .package(url: "https://example.com/Fancy.git", from: "1.0.0"),
    .package(url: "https://example.com/MissingKit.git", from: "1.0.0"),
  ],
  targets: [
    .target(
      name: "App", dependencies: ["Fancy", "MissingKit"], resources: [.process("Resources")])
  ]
)
