// swift-tools-version:6.0
import PackageDescription

let featureTargets: [Target] = [
  .target(name: "Feature", resources: [.process("Resources")], swiftSettings: [.define("FEATURE_FLAG")]),
]

let package = Package(
  name: "Feature",
  defaultLocalization: "en",
  platforms: [.iOS(.v17)],
  products: [.library(name: "Feature", targets: ["Feature"])],
  targets: featureTargets + [
    .testTarget(name: "FeatureTests", dependencies: ["Feature"]),
  ]
)
