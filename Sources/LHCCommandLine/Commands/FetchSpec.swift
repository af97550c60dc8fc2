/// `lhc fetch`'s command line. The command itself is in `lhc-fetch` (module `LHCFetch`): only that
/// executable links the network stack.
enum FetchSpec {
  /// The LingoHub CDN (`CDNEndpoint.lingoHub`; a test checks that they agree).
  static let defaultBaseURL = "https://cdn.lingohub.com"

  static let spec = CommandSpec(
    name: "fetch",
    abstract: "Download the LingoHub CDN release an app version gets, verified as the SDK does.",
    arguments: "--app-version VERSION -o FILE",
    options: [
      .value(
        "app-version", "VERSION", help: "The app version (CFBundleShortVersionString). Required."),
      .value("output", short: "o", "FILE", help: "Where to write the release zip. Required."),
      .value(
        "environment", "ENV", choices: ["production", "staging", "development", "test"],
        help: "production (default), staging, development or test."),
      .value(
        "api-key-file", "FILE", help: "Read the CDN key from FILE (else LINGOHUB_CDN_KEY)."),
      .value("base-url", "URL", help: "The CDN (default \(defaultBaseURL))."),
      .value("installed-release", "ID", help: "Send ID as the installed release (clientRelease)."),
      .value("language", "CODE", help: "ISO 639-1 code sent as clientLanguageCode (default en)."),
      .value("client-user", "ID", help: "clientUser sent to the CDN (default \"lhc\")."),
      .value("timeout", "SECONDS", help: "Connect and stall timeout (default 30)."),
      .value("max-size", "BYTES", help: "Largest archive accepted (default 52428800, the SDK's)."),
      .value("format", "FORMAT", choices: ["text", "json"], help: "text (default) or json."),
    ],
    discussion: """
      The key is sent only as the check's Authorization header and is never printed. Exit \
      status: 0 when the release was fetched, 3 when none is published for this app version and \
      environment, 1 on any other error (key refused, network, checksum, rejected archive; \
      nothing is written then), 64 on a usage error.
      """)

}
