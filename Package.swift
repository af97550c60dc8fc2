// swift-tools-version:6.0
// lhc — build-time localization toolchain for Apple-platform apps.
//
// Data flows one way: catalog → model → compiled string tables → writers.
// Targets are listed in that order; each depends only on targets above it.
import PackageDescription

let package = Package(
  name: "lhc",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "lhc", targets: ["lhc"]),
    // `lhc fetch` runs it: the only executable that links the network stack.
    .executable(name: "lhc-fetch", targets: ["lhc-fetch"]),
    // `lhc gen-symbols` as a SwiftPM / Xcode build-tool plugin.
    .plugin(name: "LHCSymbols", targets: ["LHCSymbols"]),
    // `lhc compile` as a SwiftPM build-tool plugin: compiled string tables in a package's
    // resource bundle on every platform.
    .plugin(name: "LHCStrings", targets: ["LHCStrings"]),
    // The readers' public API for other packages in this repository (the fuzz targets in Fuzz/).
    .library(
      name: "LHCKit",
      targets: [
        "LHCBase", "StringCatalog", "CatalogWriter", "CatalogMerge", "PseudoLocalization",
        "LHCPlist", "StringTables", "ReleaseFiles", "LingoHubCDN", "CatalogLint", "CatalogImport",
        "XLIFF", "CatalogExchange", "SwiftSource", "SourceStrings", "SourceProjects", "CatalogSync",
        "InterfaceBuilderStrings", "CFamilySource", "ProjectSpecs",
      ]
    ),
  ],
  targets: [
    // MARK: System libraries
    .systemLibrary(
      name: "Clibxml2",
      pkgConfig: "libxml-2.0",
      providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
    ),
    .systemLibrary(
      name: "Clibarchive",
      pkgConfig: "libarchive",
      providers: [.apt(["libarchive-dev"]), .brew(["libarchive"])]
    ),
    // Whole-buffer deflate, inflate and CRC-32 for the release zips lhc writes (`lhc pack`).
    .systemLibrary(
      name: "Clibdeflate",
      pkgConfig: "libdeflate",
      providers: [.apt(["libdeflate-dev"]), .brew(["libdeflate"])]
    ),
    // SHA-256 (nettle uses the CPU's SHA instructions): archive and download hashes.
    .systemLibrary(
      name: "Cnettle",
      pkgConfig: "nettle",
      providers: [.apt(["nettle-dev"]), .brew(["nettle"])]
    ),

    // YAML events over untrusted bytes: the XcodeGen project specs `lhc extract` reads.
    .systemLibrary(
      name: "Clibyaml",
      pkgConfig: "yaml-0.1",
      providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
    ),

    // MARK: Core library, in data-flow order
    // Diagnostics, the property-list key order (UTF-16), the printf format-string parser, mapped
    // input files, `Parallel`, language tags as path components, SHA-256 (nettle).
    .target(name: "LHCBase", dependencies: ["Cnettle"]),
    // CLDR cardinal plural rules (generated table): categories per language, category per number. No dependencies.
    .target(name: "PluralRules"),
    // .xcstrings bytes → catalog model: lhc's own byte-level JSON scanner (no Foundation), a large
    // catalog read in parts on every core; a lossless mode (`CatalogReader.readLossless`) keeps
    // unknown members and empty containers for the commands that write catalogs.
    .target(name: "StringCatalog", dependencies: ["LHCBase"]),
    // Catalog model → the bytes Xcode writes (key order, layout): every command that writes a catalog.
    // `CatalogKeyOrder` is Foundation's numeric, case-insensitive, forced root-locale order
    // (printable ASCII compared directly, anything else by Foundation).
    .target(name: "CatalogWriter", dependencies: ["StringCatalog", "LHCBase"]),
    // Three catalog models → one, merged by entry, field, language and variation case (`lhc merge-driver`).
    .target(name: "CatalogMerge", dependencies: ["StringCatalog", "LHCBase"]),
    // Catalog model → the same model with pseudo languages (`compile --pseudo`): accented and
    // padded, or right to left, derived from the source language's localizations.
    .target(name: "PseudoLocalization", dependencies: ["StringCatalog", "LHCBase"]),
    // Catalog model → compiled string tables (the xcstringstool compile semantics): the table
    // model every later stage shares.
    .target(name: "StringTables", dependencies: ["StringCatalog", "LHCBase"]),
    // Catalog model → Swift source with typed symbols per key (`lhc gen-symbols`), carrying the
    // CLDR rules of the catalog's languages for lookups off Apple platforms.
    .target(name: "SwiftSymbols", dependencies: ["StringCatalog", "PluralRules", "LHCBase"]),
    // Catalog model → lint findings: runtime failures (plurals, format arguments) before they ship.
    .target(
      name: "CatalogLint",
      dependencies: ["StringCatalog", "StringTables", "PluralRules", "LHCBase"]),
    // Catalog model → translation progress per language (`lhc stats`): counts and reports.
    .target(name: "CatalogStats", dependencies: ["StringCatalog", "PluralRules", "LHCBase"]),
    // Stats and lint findings → one self-contained HTML page each (`--format html`): inline style
    // and script, no network, every text escaped in one place.
    .target(name: "HTMLReport", dependencies: ["CatalogStats", "CatalogLint", "LHCBase"]),
    // Property-list values → Apple XML (libxml2's output buffer) and binary (Foundation) bytes; and
    // the readers: XML (libxml2, hardened), binary, old-style `.strings` text in every encoding
    // Foundation reads.
    .target(name: "LHCPlist", dependencies: ["Clibxml2", "LHCBase"]),
    // libxml2's SAX parser over untrusted bytes, hardened (no network, DTDs or entities), for
    // the XLIFF and Interface Builder readers.
    .target(name: "HardenedXML", dependencies: ["Clibxml2"]),
    // XLIFF 1.2 documents ↔ bytes: Xcode 27's exact writer and a hardened SAX reader, both through
    // libxml2 (no network, DTD or entities; a size limit; namespaces by URI, inline elements
    // flattened).
    .target(name: "XLIFF", dependencies: ["Clibxml2", "HardenedXML", "LHCBase"]),
    // Catalog model ↔ XLIFF units: Xcode's export rules (`lhc export`) and import rules, without
    // Xcode's data loss (`lhc import` of `.xliff` / `.xcloc`).
    .target(
      name: "CatalogExchange", dependencies: ["XLIFF", "StringCatalog", "PluralRules", "LHCBase"]),
    // String tables → .strings / .stringsdict files.
    .target(name: "StringsFiles", dependencies: ["StringTables", "LHCPlist", "LHCBase"]),
    // .strings / .stringsdict files, .lproj folders and release zips → string tables (read back for
    // `diff`, validated as the LingoHub SDK does).
    .target(
      name: "ReleaseFiles",
      dependencies: ["Clibarchive", "StringTables", "LHCPlist", "LHCBase"]
    ),
    // .strings / .stringsdict files → reproducible release zips in the LingoHub SDK layout (`lhc pack`),
    // written by lhc itself (deflate through libdeflate) and read back with ReleaseFiles' SDK rules.
    .target(
      name: "ReleaseArchive",
      dependencies: ["Clibdeflate", "ReleaseFiles", "StringTables", "LHCBase"]
    ),
    // String tables → payloads of other over-the-air SDKs: Tolgee, ReRune, better-i18n (`lhc pack --target`).
    .target(name: "OTAPayloads", dependencies: ["StringTables", "LHCBase"]),
    // Two sets of string tables → differences and runtime-safety findings (`lhc diff`).
    .target(name: "TableDiff", dependencies: ["StringTables", "PluralRules", "LHCBase"]),
    // String tables back into catalogs (`lhc import`): legacy `.strings` / `.stringsdict` into a new
    // catalog by Xcode's migration rules, a release's values into an existing catalog.
    .target(
      name: "CatalogImport",
      dependencies: [
        "StringCatalog", "StringTables", "TableDiff", "ReleaseFiles", "LHCPlist", "LHCBase",
      ]),
    // Swift source bytes → tokens → syntax tree (a tolerant parser of lhc's own: no toolchain
    // libraries, so that the plugins' dependents build anywhere).
    .target(name: "SwiftSource"),
    // C, C++ and Objective-C source bytes → tokens and decoded, concatenated string literals.
    .target(name: "CFamilySource"),
    // Syntax trees → the localizable strings Xcode's build extracts (keys with their format
    // specifiers, tables, comments, default values), per target's #if conditions; the literals
    // of Swift and C-family code the sync's safety net compares keys with.
    .target(name: "SourceStrings", dependencies: ["SwiftSource", "CFamilySource", "LHCBase"]),
    // Interface Builder files (`.xib`, `.storyboard`) → the strings Xcode extracts into their
    // `mul.lproj` catalogs (keys `<ObjectID>.<property>`, Xcode's comments), read with libxml2
    // hardened (no network, DTD or entities; a depth limit).
    .target(
      name: "InterfaceBuilderStrings", dependencies: ["Clibxml2", "HardenedXML", "SourceStrings"]),
    // YAML bytes → a tree of mappings, sequences and scalars (libyaml's parser; anchors, aliases
    // and merge keys resolved; limits on depth and size), and XcodeGen's `include:` merging.
    .target(name: "ProjectSpecs", dependencies: ["Clibyaml"]),
    // Xcode projects (`project.pbxproj`, synchronized folders), generated projects (XcodeGen's
    // `project.yml`, Tuist's `Project.swift`) and Swift package manifests → targets with their
    // sources, catalogs and #if conditions; which catalog a file's strings feed.
    .target(
      name: "SourceProjects",
      dependencies: [
        "SourceStrings", "InterfaceBuilderStrings", "SwiftSource", "ProjectSpecs", "LHCPlist",
        "LHCBase",
      ]),
    // Extracted strings + a catalog model → the catalog Xcode's build sync writes (`lhc extract`).
    .target(name: "CatalogSync", dependencies: ["StringCatalog", "LHCBase"]),
    // Syntax trees, their placed lookups and the catalogs' keys → lint findings of the code
    // (`lhc lint --sources`): missing and unused keys, lookups an over-the-air SDK never reaches
    // (its coverage rules as one data table), concatenation, left/right layout, fixed date formats.
    .target(
      name: "SourceLint",
      dependencies: [
        "CatalogLint", "SourceProjects", "SourceStrings", "SwiftSource", "StringCatalog", "LHCBase",
      ]),
    // The LingoHub CDN, as the iOS SDK talks to it: the check request, its answers (RFC 7807),
    // `Retry-After` and the retry policy, the capped download through URLSession's delegate API.
    .target(name: "LingoHubCDN", dependencies: ["LHCBase"]),
    // argv → commands → exit status: table-driven argument parsing, the commands, diagnostics
    // printing, atomic output files. The only target that prints.
    .target(
      name: "LHCCommandLine",
      dependencies: [
        "LHCBase", "StringCatalog", "PseudoLocalization", "StringTables", "SwiftSymbols",
        "CatalogLint", "CatalogStats", "HTMLReport", "LHCPlist", "StringsFiles", "ReleaseFiles",
        "TableDiff", "ReleaseArchive", "OTAPayloads", "CatalogWriter", "CatalogMerge",
        "CatalogImport", "XLIFF", "CatalogExchange", "SourceStrings", "SourceProjects",
        "CatalogSync", "SourceLint",
      ]
    ),
    // `lhc fetch`: the LingoHub CDN client as a command (in its own executable, see below).
    .target(
      name: "LHCFetch", dependencies: ["LHCCommandLine", "LingoHubCDN", "ReleaseFiles", "LHCBase"]),
    // The executables: thin shells over LHCCommandLine. `lhc fetch` runs `lhc-fetch`, found beside
    // `lhc`, so that only it loads the network stack (FoundationNetworking, libcurl, TLS).
    .executableTarget(name: "lhc", dependencies: ["LHCCommandLine"]),
    .executableTarget(name: "lhc-fetch", dependencies: ["LHCFetch"]),
    // Build-tool plugin: runs `lhc gen-symbols` on the catalogs of the target it is applied to.
    .plugin(name: "LHCSymbols", capability: .buildTool(), dependencies: ["lhc"]),
    // Build-tool plugin: runs `lhc compile --emit-empty-tables` on each catalog of the target.
    .plugin(name: "LHCStrings", capability: .buildTool(), dependencies: ["lhc"]),

    // MARK: Tests
    // Test helpers: running the binary, an independent catalog reading, Apple's stringsdict
    // resolution rules.
    .target(
      name: "LHCTestSupport",
      dependencies: ["LHCBase", "StringCatalog", "StringTables", "LHCPlist", "StringsFiles"]
    ),
    .testTarget(name: "LHCBaseTests", dependencies: ["LHCBase", "LHCTestSupport"]),
    .testTarget(name: "PluralRulesTests", dependencies: ["PluralRules"]),
    .testTarget(name: "StringCatalogTests", dependencies: ["StringCatalog", "LHCTestSupport"]),
    .testTarget(
      name: "CatalogWriterTests",
      dependencies: ["CatalogWriter", "StringCatalog", "LHCTestSupport"]),
    .testTarget(
      name: "CatalogMergeTests",
      dependencies: ["CatalogMerge", "CatalogWriter", "StringCatalog", "LHCTestSupport"]),
    .testTarget(
      name: "PseudoLocalizationTests",
      dependencies: [
        "PseudoLocalization", "StringCatalog", "CatalogLint", "LHCBase", "LHCTestSupport",
      ]),
    .testTarget(name: "StringTablesTests", dependencies: ["StringTables", "LHCTestSupport"]),
    .testTarget(
      name: "SwiftSymbolsTests",
      dependencies: ["SwiftSymbols", "StringCatalog", "PluralRules", "LHCTestSupport"]),
    .testTarget(
      name: "CatalogLintTests", dependencies: ["CatalogLint", "StringCatalog", "LHCTestSupport"]),
    .testTarget(
      name: "CatalogStatsTests",
      dependencies: ["CatalogStats", "StringCatalog", "LHCBase", "LHCTestSupport"]),
    .testTarget(name: "XLIFFTests", dependencies: ["XLIFF", "LHCTestSupport"]),
    .testTarget(
      name: "CatalogExchangeTests",
      dependencies: [
        "CatalogExchange", "XLIFF", "StringCatalog", "CatalogWriter", "StringTables",
        "LHCTestSupport",
      ]),
    .testTarget(name: "LHCPlistTests", dependencies: ["LHCPlist", "LHCTestSupport"]),
    .testTarget(name: "StringsFilesTests", dependencies: ["StringsFiles", "LHCTestSupport"]),
    .testTarget(
      name: "ReleaseFilesTests",
      dependencies: [
        "ReleaseFiles", "StringTables", "StringsFiles", "StringCatalog", "LHCPlist", "LHCBase",
        "LHCTestSupport",
      ]),
    .testTarget(
      name: "ReleaseArchiveTests",
      dependencies: ["ReleaseArchive", "ReleaseFiles", "StringTables", "LHCTestSupport"]),
    .testTarget(
      name: "OTAPayloadsTests",
      dependencies: ["OTAPayloads", "StringCatalog", "StringTables", "LHCBase", "LHCTestSupport"]),
    .testTarget(
      name: "TableDiffTests", dependencies: ["TableDiff", "StringTables", "LHCTestSupport"]),
    .testTarget(
      name: "CatalogImportTests",
      dependencies: [
        "CatalogImport", "CatalogWriter", "StringCatalog", "StringTables", "ReleaseFiles",
        "TableDiff",
        "LHCBase", "LHCTestSupport",
      ]),
    .testTarget(name: "LingoHubCDNTests", dependencies: ["LingoHubCDN", "LHCTestSupport"]),
    .testTarget(name: "SwiftSourceTests", dependencies: ["SwiftSource", "LHCTestSupport"]),
    .testTarget(name: "CFamilySourceTests", dependencies: ["CFamilySource", "LHCTestSupport"]),
    .testTarget(
      name: "SourceStringsTests", dependencies: ["SourceStrings", "SwiftSource", "CFamilySource"]),
    .testTarget(
      name: "InterfaceBuilderStringsTests",
      dependencies: ["InterfaceBuilderStrings", "SourceStrings", "LHCTestSupport"]),
    .testTarget(
      name: "SourceProjectsTests",
      dependencies: [
        "SourceProjects", "ProjectSpecs", "SourceStrings", "SwiftSource", "LHCPlist",
        "LHCTestSupport",
      ]),
    .testTarget(
      name: "SourceLintTests",
      dependencies: ["SourceLint", "SourceProjects", "SourceStrings", "SwiftSource"]),
    .testTarget(
      name: "CatalogSyncTests",
      dependencies: ["CatalogSync", "CatalogWriter", "StringCatalog", "LHCBase", "LHCTestSupport"]),
    .testTarget(
      name: "LHCEndToEndTests",
      dependencies: [
        "LHCCommandLine", "LingoHubCDN", "StringCatalog", "LHCTestSupport", "ProjectSpecs",
      ]
    ),
  ]
)
