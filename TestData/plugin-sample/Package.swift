// swift-tools-version:6.0
// A library and an executable using lhc's two build-tool plugins (built and run by
// SwiftPMPluginTests): LHCStrings compiles each target's String Catalog into its resource bundle,
// LHCSymbols generates the typed String API, whose lookups also work off Apple platforms.
import PackageDescription

// On Apple platforms Xcode (and SwiftPM with Xcode's tools) compile String Catalogs declared as
// resources: keep that and apply only LHCSymbols. Elsewhere LHCStrings compiles them; left
// undeclared, the catalogs are its inputs only (declared as resources, SwiftPM would also copy
// the raw .xcstrings into the bundle, unused). The manifest is evaluated where the build runs.
#if os(macOS) || os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
  let plugins: [Target.PluginUsage] = [.plugin(name: "LHCSymbols", package: "lhc")]
  let catalogs: [Resource] = [.process("Resources")]
#else
  let plugins: [Target.PluginUsage] = [
    .plugin(name: "LHCStrings", package: "lhc"), .plugin(name: "LHCSymbols", package: "lhc"),
  ]
  let catalogs: [Resource] = []
#endif

let package = Package(
  name: "PluginSample",
  // Required by SwiftPM as soon as a target has localized resources (the compiled .lproj files).
  defaultLocalization: "en",
  dependencies: [.package(name: "lhc", path: "../..")],
  targets: [
    .target(
      name: "Greetings",
      // The plugins read their options from lhc-symbols.json; SwiftPM need not handle the file.
      exclude: ["lhc-symbols.json"],
      resources: catalogs,
      plugins: plugins
    ),
    .executableTarget(
      name: "PluginSample",
      dependencies: ["Greetings"],
      // lhc-strings.json: compile exactly de, en and fr (fr has no translations: empty tables).
      exclude: ["lhc-strings.json", "lhc-symbols.json"],
      resources: catalogs,
      plugins: plugins
    ),
  ]
)
