import Foundation
import LHCTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Outputs that cannot be written: a file-size limit (`ulimit -f`, which lhc survives because it
/// ignores SIGXFSZ), a read-only folder, a parent that is a file. Exit 1, one clear
/// `path: error: cannot write file: reason` line per file, every previous output byte-equal, no
/// temporary file left.
@Suite("Write failures, end to end")
struct WriteFailureTests {
  static let isRoot = getuid() == 0

  /// `lhc arguments...` under `ulimit -f 1` (512-byte blocks in `sh`).
  static func runLimited(_ arguments: [String]) throws -> TimedResult {
    try runProcess(
      URL(fileURLWithPath: "/bin/sh"),
      ["-c", #"ulimit -f 1; exec "$0" "$@""#, RunLHC.binary.path] + arguments, timeout: 120)
  }

  /// A compiled old version in `out` and the new catalog; the old outputs.
  static func compiledOldVersion(
    _ directory: URL
  ) throws -> (new: String, out: URL, old: [String: Data]) {
    let (old, new) = try CrashSafetyTests.catalogVersions(in: directory)
    let out = directory.appendingPathComponent("out")
    let compiled = try RunLHC.run(["compile", old, "-o", out.path], timeout: 120)
    try #require(compiled.status == 0)
    return (new, out, try fileTree(out))
  }

  /// The stderr lines that are not warnings about the catalog itself.
  static func errorLines(_ stderr: String) -> [String] {
    stderr.split(separator: "\n").map(String.init).filter { $0.contains(": error: ") }
  }

  @Test(
    .enabled(if: CrashSafetyTests.hasCorpus),
    .disabled(if: isThreadSanitizerRun, "ThreadSanitizer's runtime faults under ulimit -f"))
  func compileOverFileSizeLimit() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (new, out, old) = try Self.compiledOldVersion(directory)
    let result = try Self.runLimited(["compile", new, "-o", out.path])
    #expect(result.status == 1, "\(result.stderr.suffix(1000))")
    let errors = Self.errorLines(result.stderr)
    #expect(!errors.isEmpty)
    for line in errors {
      #expect(
        line.hasPrefix(out.path + "/")
          && line.hasSuffix(": error: cannot write file: file too large"))
    }
    // Every output is staged before any is renamed: the small files that fit are not replaced.
    #expect(try fileTree(out) == old)
  }

  @Test(.disabled(if: isThreadSanitizerRun, "ThreadSanitizer's runtime faults under ulimit -f"))
  func packOverFileSizeLimit() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let sample = TestPaths.testData.appendingPathComponent("sample/Localizable.xcstrings").path
    let archive = directory.appendingPathComponent("release.zip")
    try Data("previous".utf8).write(to: archive)
    let manifest = directory.appendingPathComponent("manifest.json")
    let result = try Self.runLimited(
      ["pack", sample, "-o", archive.path, "--manifest", manifest.path])
    #expect(result.status == 1)
    #expect(
      Self.errorLines(result.stderr) == [
        "\(archive.path): error: cannot write file: file too large"
      ])
    #expect(try fileTree(directory) == ["release.zip": Data("previous".utf8)])
  }

  @Test(.enabled(if: CrashSafetyTests.hasCorpus && !isRoot))
  func compileIntoReadOnlyFolder() throws {
    let directory = try makeTemporaryDirectory()
    defer {
      chmod(directory.appendingPathComponent("out/de.lproj").path, 0o755)
      try? FileManager.default.removeItem(at: directory)
    }
    let (new, out, old) = try Self.compiledOldVersion(directory)
    let folder = out.appendingPathComponent("de.lproj").path
    chmod(folder, 0o555)
    let result = try RunLHC.run(["compile", new, "-o", out.path], timeout: 120)
    #expect(result.status == 1)
    #expect(
      Self.errorLines(result.stderr) == [
        "\(folder)/Localizable.strings: error: cannot write file: permission denied",
        "\(folder)/Localizable.stringsdict: error: cannot write file: permission denied",
      ])
    #expect(try fileTree(out) == old)
  }

  @Test func parentIsAFile() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("file")
    try Data().write(to: file)
    let sample = TestPaths.testData.appendingPathComponent("sample/Localizable.xcstrings").path
    let archive = file.appendingPathComponent("release.zip").path
    let packed = try RunLHC.run(["pack", sample, "-o", archive], timeout: 60)
    #expect(packed.status == 1)
    #expect(
      Self.errorLines(packed.stderr) == [
        "\(archive): error: cannot write file: '\(file.path)' is not a directory"
      ])
    let out = file.appendingPathComponent("out")
    let compiled = try RunLHC.run(["compile", sample, "-o", out.path], timeout: 60)
    #expect(compiled.status == 1)
    #expect(
      Self.errorLines(compiled.stderr)
        == ["de", "en", "ru"].flatMap { language in
          ["strings", "stringsdict"].map {
            "\(out.path)/\(language).lproj/Localizable.\($0): error: cannot write file: "
              + "'\(file.path)' is not a directory"
          }
        }.filter { !$0.contains("ru.lproj/Localizable.strings:") })
    #expect(try fileTree(directory) == ["file": Data()])
  }

  /// Missing parents are created (`mkdir -p`); one that cannot be is an error naming it.
  @Test func missingParent() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let sample = TestPaths.testData.appendingPathComponent("sample/Localizable.xcstrings").path
    let archive = directory.appendingPathComponent("a/b/release.zip").path
    #expect(try RunLHC.run(["pack", sample, "-o", archive], timeout: 60).status == 0)
    #expect(FileManager.default.fileExists(atPath: archive))
    guard !Self.isRoot else { return }
    let result = try RunLHC.run(["pack", sample, "-o", "/nonexistent/dir/x.zip"], timeout: 60)
    #expect(result.status == 1)
    #expect(
      Self.errorLines(result.stderr) == [
        "/nonexistent/dir/x.zip: error: cannot write file: cannot create directory "
          + "'/nonexistent': permission denied"
      ])
  }

  /// A full disk or a size limit on redirected standard output does not crash lhc
  /// (`FileHandle.write` used to trap on EFBIG).
  @Test func standardOutputOverFileSizeLimit() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try runProcess(
      URL(fileURLWithPath: "/bin/sh"),
      [
        "-c", #"ulimit -f 1; exec "$0" --help > "$1""#, RunLHC.binary.path,
        directory.appendingPathComponent("help.txt").path,
      ],
      timeout: 60)
    #expect(result.status == 0, "\(result.stderr.prefix(500))")
  }
}
