// swift-tools-version:6.0
// libFuzzer targets for lhc's readers of untrusted bytes; see Scripts/fuzz.sh and README.md here.
// Build only through `make fuzz` / `make fuzz-smoke`: the targets need
// `-sanitize=fuzzer,address` (libFuzzer supplies `main`), which the script passes.
import PackageDescription

/// The fuzz targets: one executable each, `Sources/<name>/main.swift` defining
/// `LLVMFuzzerTestOneInput` and handing it to libFuzzer's driver. SwiftPM gives every executable
/// its own `main` (it renames the entry point to `<Target>_main`), so libFuzzer's `main` is never
/// linked in; the top-level code calls `runFuzzer(_:)` (libFuzzer's `LLVMFuzzerRunDriver`) instead. Scripts/fuzz.sh runs the
/// targets it lists in `FUZZ_ALL_TARGETS`.
let fuzzTargets = [
  "FuzzCatalog",
  "FuzzCatalogWriter",
  "FuzzFormatString",
  "FuzzPseudoText",
  "FuzzStringsFile",
  "FuzzXMLPlist",
  // The `.stringsdict` table reader: its fast path from SAX events against the full path.
  "FuzzStringsdict",
  "FuzzBinaryPlist",
  "FuzzReleaseZip",
  "FuzzLegacyImport",
  "FuzzCDNResponse",
  "FuzzLintFiles",
  // The XLIFF reader, writer and import (`lhc import` of .xliff / .xcloc).
  "FuzzXLIFF",
  // The Interface Builder reader (`lhc extract` of .xib / .storyboard files).
  "FuzzInterfaceBuilder",
  // The LHCStrings plugin's language scan; its source is linked in from Plugins/LHCStrings.
  "FuzzCatalogLanguages",
  // The Swift reader of `lhc extract` (lexer, parser, extraction, package manifests).
  "FuzzSwiftSource",
  // The C, C++ and Objective-C lexer (tokens, decoded and concatenated string literals).
  "FuzzCFamilySource",
  // Xcode project files (`project.pbxproj`, an old-style property list) and their targets.
  "FuzzXcodeProject",
  // XcodeGen project specs (`project.yml`): the YAML reader and the spec's targets.
  "FuzzProjectSpec",
]

let package = Package(
  name: "lhc-fuzz",
  platforms: [.macOS(.v13)],
  dependencies: [.package(name: "lhc", path: "..")],
  targets: [
    // libFuzzer's driver entry point (a header; libFuzzer defines the function).
    .target(name: "CFuzzer"),
    // `runFuzzer(_:)`: the top-level code of every target.
    .target(name: "FuzzSupport", dependencies: ["CFuzzer"]),
  ]
    + fuzzTargets.map { name in
      .executableTarget(
        name: name,
        dependencies: ["FuzzSupport", .product(name: "LHCKit", package: "lhc")]
      )
    }
)
