import Foundation
import LHCCommandLine
import LHCTestSupport
import Testing

/// `lhc pack --target tolgee|rerune|better-i18n` end to end: a folder and a zip of the same
/// payload hold the same bytes, keys a target cannot hold are reported one by one, and the
/// options each target needs are checked. (The payload formats themselves are checked by the
/// format readers of `OTAPayloadsTests`.)
@Suite("lhc pack --target, end to end")
struct PackTargetsEndToEndTests {
  static let lhc = PackEndToEndTests.lhc
  static let catalogs = PackEndToEndTests.sampleCatalogs
  static let options = ["--base-url", "https://cdn.example.com/app", "--release-version", "7"]

  @Test(arguments: ["tolgee", "rerune", "better-i18n"])
  func folderAndZipHoldTheSamePayload(target: String) throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let folder = directory.appendingPathComponent("cdn")
    let archive = directory.appendingPathComponent("payload.zip")
    let toFolder = Self.lhc(
      ["pack", "--target", target] + Self.options + Self.catalogs + ["-o", folder.path])
    #expect(toFolder.status == 0, "\(toFolder.stderr)")
    #expect(toFolder.stdout.hasPrefix("\(folder.path): \(target) payload, "))
    let toZip = Self.lhc(
      ["pack", "--target", target] + Self.options + Self.catalogs + ["-o", archive.path])
    #expect(toZip.status == 0, "\(toZip.stderr)")
    let files = try PackEndToEndTests.tree(folder)
    #expect(!files.isEmpty)
    #expect(try PackEndToEndTests.pythonTree(archive) == files)
    #expect(try unzipTest(archive).status == 0)
    // Every key the target leaves out is named, with its language.
    let skipped = toFolder.stderr.split(separator: "\n")
    #expect(
      skipped.allSatisfy {
        $0.contains(": warning: ") && $0.contains(" payload: ") && $0.hasSuffix(")")
      })
    #expect(toFolder.stdout.contains(", \(skipped.count) skipped"))
    // A second run writes nothing new.
    let before =
      try FileManager.default.attributesOfItem(atPath: archive.path)[.modificationDate] as? Date
    Thread.sleep(forTimeInterval: 0.02)
    _ = Self.lhc(
      ["pack", "--target", target] + Self.options + Self.catalogs + ["-o", archive.path])
    let after =
      try FileManager.default.attributesOfItem(atPath: archive.path)[.modificationDate] as? Date
    #expect(before == after)
  }

  @Test func skippedKeysFailUnderWarningsAsErrors() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = Self.lhc(
      ["pack", "--target", "tolgee", "--warnings-as-errors"] + Self.catalogs + [
        "-o", directory.path + "/out",
      ])
    #expect(result.status == 1)
    #expect(
      result.stderr.contains("error: Localizable: not in the tolgee payload: device variations"))
    #expect(!FileManager.default.fileExists(atPath: directory.path + "/out"))
  }

  @Test func reruneNeedsAReleaseVersionAndABaseURL() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = Self.lhc(
      ["pack", "--target", "rerune"] + Self.catalogs + ["-o", directory.path + "/out"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("release-version"), "\(result.stderr)")
  }

  @Test func optionsOfOneTargetAreUsageErrorsForAnother() {
    let out = ["-o", "/nonexistent/x"]
    #expect(Self.lhc(["pack", "--base-url", "https://x"] + Self.catalogs + out).status == 64)
    #expect(
      Self.lhc(["pack", "--target", "tolgee", "--manifest", "m.json"] + Self.catalogs + out).status
        == 64)
    #expect(Self.lhc(["pack", "--target", "crowdin"] + Self.catalogs + out).status == 64)
    #expect(
      Self.lhc(["pack", "--target", "rerune", "--release-version", "-1"] + Self.catalogs + out)
        .status == 64)
  }

  @Test func fromAFolderReadsTheTablesBack() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let compiled = directory.appendingPathComponent("lproj")
    #expect(Self.lhc(["compile"] + Self.catalogs + ["-o", compiled.path]).status == 0)
    let fromCatalogs = directory.appendingPathComponent("a")
    let fromFolder = directory.appendingPathComponent("b")
    let first = Self.lhc(
      ["pack", "--target", "tolgee"] + Self.catalogs + ["-o", fromCatalogs.path])
    let second = Self.lhc([
      "pack", "--target", "tolgee", "--from", compiled.path, "-o", fromFolder.path,
    ])
    #expect(first.status == 0 && second.status == 0, "\(second.stderr)")
    #expect(try PackEndToEndTests.tree(fromCatalogs) == PackEndToEndTests.tree(fromFolder))
  }
}
