import FuzzSupport
import SourceProjects

/// Xcode project files on arbitrary bytes (read as old-style property lists by LHCPlist): an
/// error or a project's targets, never a trap (in a folder that does not exist, so no file is
/// listed).
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let path = "/nonexistent/App.xcodeproj/project.pbxproj"
  if let contents = try? XcodeProject.read(bytes, path: path, files: FileTree()) {
    for target in contents.targets { _ = target.catalog(of: "Localizable") }
  }
  return 0
}

runFuzzer(testOneInput)
