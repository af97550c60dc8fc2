import Foundation
import LHCTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `lhc compile` and `lhc pack` killed with SIGKILL at random points: every output is the previous
/// version or the complete new one, and the temporary files a kill leaves behind are hidden, never
/// taken for outputs, and removed by the next run.
@Suite("Crash safety: SIGKILL at random points", .serialized)
struct CrashSafetyTests {
  static let iceCubes = TestPaths.corpus.appendingPathComponent(
    "xcstrings/Dimillian__IceCubesApp__Localizable.xcstrings")
  static let hasCorpus = FileManager.default.fileExists(atPath: iceCubes.path)

  /// Two versions of IceCubes' catalog (2 MB, 38 output files, ~0.3 s to compile in a debug
  /// build), both named `Localizable.xcstrings`, that compile to the same files with different
  /// bytes: the new one prefixes every value.
  static func catalogVersions(in directory: URL) throws -> (old: String, new: String) {
    let text = try String(contentsOf: iceCubes, encoding: .utf8)
    let changed = text.replacingOccurrences(of: #""value" : ""#, with: #""value" : "✱ "#)
    #expect(changed != text)
    var paths: [String] = []
    for (name, content) in [("old", text), ("new", changed)] {
      let folder = directory.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let catalog = folder.appendingPathComponent("Localizable.xcstrings")
      try Data(content.utf8).write(to: catalog)
      paths.append(catalog.path)
    }
    return (paths[0], paths[1])
  }

  @Test(.enabled(if: hasCorpus))
  func compileKilledAtRandomPoints() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (old, new) = try Self.catalogVersions(in: directory)
    let out = directory.appendingPathComponent("out")
    let reference = directory.appendingPathComponent("reference")
    func compile(_ catalog: String, _ target: URL) throws {
      let result = try RunLHC.run(["compile", catalog, "-o", target.path], timeout: 120)
      try #require(result.status == 0, "\(result.stderr.suffix(2000))")
    }
    try compile(new, reference)
    try compile(old, out)
    let loop = KillLoop(
      output: out, old: try fileTree(out), new: try fileTree(reference), iterations: 25, seed: 1,
      start: { try RunLHC.start(["compile", new, "-o", out.path]) },
      restore: { try compile(old, out) })
    #expect(loop.old.count == 38 && loop.old.keys == loop.new.keys)
    try loop.run(seconds: try measure { try compile(new, reference) })
  }

  @Test(.enabled(if: hasCorpus))
  func packKilledAtRandomPoints() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (old, new) = try Self.catalogVersions(in: directory)
    let out = directory.appendingPathComponent("out")
    let reference = directory.appendingPathComponent("reference")
    func pack(_ catalog: String, _ target: URL) throws {
      let archive = target.appendingPathComponent("release.zip").path
      let result = try RunLHC.run(["pack", catalog, "-o", archive], timeout: 120)
      try #require(result.status == 0, "\(result.stderr.suffix(2000))")
    }
    try pack(new, reference)
    try pack(old, out)
    let loop = KillLoop(
      output: out, old: try fileTree(out), new: try fileTree(reference), iterations: 10, seed: 2,
      start: {
        try RunLHC.start(["pack", new, "-o", out.appendingPathComponent("release.zip").path])
      },
      restore: { try pack(old, out) })
    #expect(Array(loop.old.keys) == ["release.zip"] && loop.old != loop.new)
    try loop.run(seconds: try measure { try pack(new, reference) })
  }

  /// A run removes the temporary files of dead runs in the folders it writes to, and keeps
  /// those of live processes and those someone holds a lock on.
  @Test func leftoversOfDeadRunsOnlyAreRemoved() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let sample = TestPaths.testData.appendingPathComponent("sample/Localizable.xcstrings").path
    let out = directory.appendingPathComponent("out")
    let folder = out.appendingPathComponent("de.lproj")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let dead = try RunLHC.start(["--version"])
    dead.waitUntilExit()
    let deadRun = ".Localizable.strings.lhc-tmp-\(dead.processIdentifier).a1b2c3"
    let liveRun = ".Localizable.strings.lhc-tmp-\(getpid()).d4e5f6"
    let lockedRun = ".Localizable.stringsdict.lhc-tmp-\(dead.processIdentifier).g7h8i9"
    let notOurs = ".Localizable.strings.tmp-1234.abcdef"
    for name in [deadRun, liveRun, lockedRun, notOurs] {
      try Data("partial".utf8).write(to: folder.appendingPathComponent(name))
    }
    let locked = open(folder.appendingPathComponent(lockedRun).path, O_RDONLY)
    defer { close(locked) }
    #expect(flock(locked, LOCK_EX) == 0)
    let result = try RunLHC.run(["compile", sample, "-o", out.path], timeout: 60)
    #expect(result.status == 0, "\(result.stderr)")
    let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
    #expect(
      left == ["Localizable.strings", "Localizable.stringsdict", liveRun, lockedRun, notOurs])
  }

  /// `lhc fetch` killed while it downloads, checks and writes a release: the output zip is the
  /// previous release or the new one, never partial.
  @Test func fetchKilledAtRandomPoints() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    func release(_ name: String, keys: Int) throws -> (path: String, sha256: String) {
      let path = directory.appendingPathComponent(name).path
      let script = """
        import hashlib, random, sys, zipfile
        rng = random.Random(sys.argv[2])
        lines = ''.join('"k%d" = "%x";\\n' % (i, rng.getrandbits(64)) for i in range(int(sys.argv[3])))
        with zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED) as z:
            z.writestr('en.lproj/Localizable.strings', lines)
        print(hashlib.sha256(open(sys.argv[1], 'rb').read()).hexdigest())
        """
      let result = try runProcess(
        URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, path, name, "\(keys)"])
      return (path, result.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    func server(_ zip: (path: String, sha256: String)) throws -> CDNTestServer {
      try CDNTestServer([
        FetchEndToEndTests.checkPath: [FetchEndToEndTests.offer(sha256: zip.sha256)],
        FetchEndToEndTests.zipPath: [["bodyFile": zip.path]],
      ])
    }
    let oldServer = try server(try release("old.zip", keys: 20_000))
    let newServer = try server(try release("new.zip", keys: 60_000))
    let out = directory.appendingPathComponent("out")
    let reference = directory.appendingPathComponent("reference")
    func arguments(_ server: CDNTestServer, _ target: URL) -> [String] {
      [
        "fetch", "--app-version", "4.2.0", "--base-url", server.base, "-o",
        target.appendingPathComponent("release.zip").path,
      ]
    }
    let environment = FetchEndToEndTests.environment(key: FetchEndToEndTests.key)
    func fetch(_ server: CDNTestServer, _ target: URL) throws {
      let result = try RunLHC.run(arguments(server, target), environment: environment)
      try #require(result.status == 0, "\(result.stderr.suffix(2000))")
    }
    try fetch(newServer, reference)
    try fetch(oldServer, out)
    let loop = KillLoop(
      output: out, old: try fileTree(out), new: try fileTree(reference), iterations: 15, seed: 3,
      start: { try RunLHC.start(arguments(newServer, out), environment: environment) },
      restore: { try fetch(oldServer, out) })
    #expect(Array(loop.old.keys) == ["release.zip"] && loop.old != loop.new)
    try loop.run(seconds: try measure { try fetch(newServer, reference) })
  }
}

/// Wall-clock seconds `body` takes.
func measure(_ body: () throws -> Void) throws -> Double {
  let start = Date()
  try body()
  return Date().timeIntervalSince(start)
}

/// Every file under `directory` (hidden ones too): relative path → bytes.
func fileTree(_ directory: URL) throws -> [String: Data] {
  var files: [String: Data] = [:]
  for path in try FileManager.default.subpathsOfDirectory(atPath: directory.path) {
    var isDirectory: ObjCBool = false
    let url = directory.appendingPathComponent(path)
    if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
      !isDirectory.boolValue
    {
      files[path] = try Data(contentsOf: url)
    }
  }
  return files
}

/// The SIGKILL loop for any command writing through `OutputFile`: `iterations` times, start the
/// command that turns `old` outputs into `new` ones, kill it after a random delay (seeded
/// `SplitMix64`), check `output`, then, unless nothing changed, `restore` the old outputs with a
/// complete run (which must also remove what the kill left behind).
struct KillLoop {
  var output: URL
  /// The complete outputs before and after, relative path → bytes.
  var old: [String: Data]
  var new: [String: Data]
  var iterations: Int
  var seed: UInt64
  var start: () throws -> Process
  var restore: () throws -> Void

  /// Runs the loop with delays up to 1.2 × `seconds` (a complete run's duration), every other
  /// one between 0.7 and 1.1 × `seconds`.
  func run(seconds: Double, sourceLocation: SourceLocation = #_sourceLocation) throws {
    var generator = SplitMix64(state: seed)
    var killed = 0
    var mixed = 0
    var leftoversSeen = 0
    for iteration in 0..<iterations {
      // Both commands write at the end of a run: every other delay falls in its last part.
      let range =
        iteration.isMultiple(of: 2) ? 0..<(seconds * 1.2) : (seconds * 0.7)..<(seconds * 1.1)
      let delay = Double.random(in: range, using: &generator)
      let process = try start()
      usleep(useconds_t(delay * 1_000_000))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      if process.terminationReason == .uncaughtSignal { killed += 1 }
      let tree = try fileTree(output)
      let leftovers = tree.keys.filter { $0.contains(".lhc-tmp-") }
      leftoversSeen += leftovers.count
      for path in leftovers {
        let name = (path as NSString).lastPathComponent
        #expect(name.hasPrefix("."), "\(path)", sourceLocation: sourceLocation)
        #expect(
          !name.hasSuffix(".strings") && !name.hasSuffix(".stringsdict") && !name.hasSuffix(".zip"),
          "\(path)", sourceLocation: sourceLocation)
      }
      var states: Set<String> = []
      for (path, bytes) in tree where !leftovers.contains(path) {
        let state = bytes == old[path] ? "old" : bytes == new[path] ? "new" : "partial"
        states.insert(state)
        #expect(
          state != "partial", "iteration \(iteration), \(delay) s: \(path) is neither old nor new",
          sourceLocation: sourceLocation)
      }
      let present = Set(tree.keys).subtracting(leftovers)
      #expect(
        present == Set(old.keys).union(new.keys), "iteration \(iteration): files missing",
        sourceLocation: sourceLocation)
      if states.count > 1 { mixed += 1 }
      guard tree != old else { continue }  // killed before anything was written
      try restore()
      #expect(
        try fileTree(output) == old,
        "iteration \(iteration): a complete run leaves old outputs only",
        sourceLocation: sourceLocation)
    }
    // Evidence that kills landed while files were written, not only before or after.
    print(
      "KillLoop \(output.lastPathComponent): \(iterations) runs, \(killed) killed, \(mixed) with "
        + "old and new files, \(leftoversSeen) temporary files left behind (all removed)")
    #expect(killed > 0, sourceLocation: sourceLocation)
  }
}
