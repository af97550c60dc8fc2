// swift-tools-version:6.0
// A package applying lhc's LHCSymbols build-tool plugin (built and run by SwiftPMPluginTests).
import PackageDescription

let package = Package(
  name: "PluginSample",
  dependencies: [.package(name: "lhc", path: "../..")],
  targets: [
    .executableTarget(
      name: "PluginSample",
      // The plugin reads its options from lhc-symbols.json; SwiftPM need not handle the file.
      exclude: ["lhc-symbols.json"],
      resources: [.process("Resources")],
      plugins: [.plugin(name: "LHCSymbols", package: "lhc")]
    )
  ]
)
