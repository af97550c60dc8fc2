import ProjectDescription

// A Tuist manifest (read, not run): an app, a framework with its own catalog, a test target.
let localized: SettingsDictionary = ["SWIFT_EMIT_LOC_STRINGS": "YES"]

let feature = Target.target(
  name: "Feature",
  destinations: [.iPhone, .iPad, .macCatalyst],
  product: .framework,
  bundleId: "com.example.feature",
  sources: [.glob("Modules/Feature/**", excluding: ["Modules/Feature/Excluded.swift"])],
  resources: ["Modules/Feature/Resources/**"]
)

let project = Project(
  name: "Demo",
  settings: .settings(base: localized),
  targets: [
    .target(
      name: "App",
      destinations: .iOS,
      product: .app,
      bundleId: "com.example.app",
      deploymentTargets: .iOS("17.0"),
      sources: ["App/**/*.swift"],
      resources: ["App/Resources/**"],
      settings: .settings(
        base: ["SWIFT_ACTIVE_COMPILATION_CONDITIONS": "APP_FLAG"],
        configurations: [
          .release(
            name: "Release", settings: ["SWIFT_ACTIVE_COMPILATION_CONDITIONS": "RELEASE_FLAG"])
        ])
    ),
    feature,
    .target(
      name: "AppTests", destinations: .iOS, product: .unitTests, bundleId: "com.example.tests",
      sources: "Tests/**"),
  ]
)
