import Foundation
import LHCTestSupport
import Testing

/// In a GitHub Actions run (`GITHUB_ACTIONS=true`), diagnostics and findings are also written as
/// workflow annotations on standard error, unless `--format` asks for machine output.
@Suite("GitHub Actions annotations")
struct GitHubActionsTests {
  static let environment: [String: String] = {
    var environment = ProcessInfo.processInfo.environment
    environment["GITHUB_ACTIONS"] = "true"
    return environment
  }()

  static func fixture(_ path: String) -> String {
    TestPaths.testData.appendingPathComponent(path).path
  }

  @Test func compileErrorsBecomeAnnotationsWithFileLineAndColumn() throws {
    let out = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: out) }
    let catalog = Self.fixture("compile/!UndefinedSubstitution.xcstrings")
    let annotated = try RunLHC.run(
      ["compile", catalog, "-o", out.path], environment: Self.environment)
    #expect(annotated.status == 1)
    let lines = annotated.stderr.split(separator: "\n")
    let plain = lines.filter { !$0.hasPrefix("::") }
    let annotations = lines.filter {
      $0.hasPrefix("::error file=") || $0.hasPrefix("::warning file=")
    }
    #expect(!plain.isEmpty && annotations.count == plain.count, "\(annotated.stderr)")
    #expect(
      annotations.allSatisfy {
        $0.contains(",line=") && $0.contains(",col=") && $0.contains(",title=lhc::")
      })
    let quiet = try RunLHC.run(["compile", catalog, "-o", out.path])
    #expect(!quiet.stderr.contains("::error"))
  }

  @Test func lintTextGetsAnnotationsButJSONDoesNot() throws {
    let catalog = Self.fixture("lint/!format-argument-type.xcstrings")
    let text = try RunLHC.run(["lint", catalog], environment: Self.environment)
    #expect(
      text.stderr.contains("::error file=")
        && text.stderr.contains("title=lhc format-argument-type::"), "\(text.stderr)")
    #expect(!text.stdout.contains("::error"))
    let json = try RunLHC.run(["lint", "--format", "json", catalog], environment: Self.environment)
    #expect(!json.stderr.contains("::"), "\(json.stderr)")
  }

  @Test func diffFindingsBecomeAnnotations() throws {
    let catalog = Self.fixture("diff/Localizable.xcstrings")
    let release = Self.fixture("diff/release")
    let text = try RunLHC.run(["diff", catalog, release], environment: Self.environment)
    #expect(text.status == 1)
    #expect(
      text.stderr.contains(
        "::error title=lhc diff format-mismatch::de · Localizable · welcome %25@: reads argument 1 as an integer"
      ),
      "\(text.stderr)")
    let json = try RunLHC.run(
      ["diff", "--format", "json", catalog, release], environment: Self.environment)
    #expect(!json.stderr.contains("::"))
  }
}
