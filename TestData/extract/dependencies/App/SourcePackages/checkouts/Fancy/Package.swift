// swift-tools-version:5.9
import PackageDescription

let package = Package(
  name: "Fancy", defaultLocalization: "en", targets: [.target(name: "Fancy")])
