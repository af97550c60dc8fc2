// swift-tools-version:5.9
import PackageDescription

let package = Package(
  name: "Shop",
  defaultLocalization: "en",
  platforms: [.iOS(.v17)],
  products: [.library(name: "Shop", targets: ["Shop"])],
  targets: [.target(name: "Shop")]
)
