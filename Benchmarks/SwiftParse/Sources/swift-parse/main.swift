import Foundation
import LHCBase
import SourceProjects
import SwiftSource

/// The files `lhc extract --list` reads (the same scan), read and parsed as it parses them (on
/// every core), and nothing else: prints how many files and top-level statements.
enum SwiftParse {
  static func run(_ arguments: [String]) -> String {
    let inputs = arguments.map(Paths.absolute)
    let scan = SourceScan.scan(inputs: inputs, excluded: [], extraCatalogs: [], tree: FileTree())
    let counts = Parallel.map(scan.files) { path -> Int in
      let bytes = FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? []
      return Parser.parse(SourceFile(path: path, bytes: bytes)).statements.count
    }
    return "\(scan.files.count) files, \(counts.reduce(0, +)) top-level statements"
  }
}

print(SwiftParse.run(Array(CommandLine.arguments.dropFirst())))
