import FuzzSupport
import ProjectSpecs
import SourceProjects

/// XcodeGen project specs on arbitrary bytes: the YAML reader (libyaml's events into a tree,
/// anchors, aliases and merge keys resolved, depth and size bounded), then the spec's targets
/// (in a folder that does not exist, so no file is listed): an error or targets, never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  if let node = try? YAMLReader.read(bytes) { _ = node.merged(with: node) }
  let path = "/nonexistent/project.yml"
  if let contents = try? XcodeGenProject.read(bytes, path: path, files: FileTree()) {
    for target in contents.targets { _ = target.catalog(of: "Localizable") }
  }
  return 0
}

runFuzzer(testOneInput)
