import FuzzSupport
import SourceProjects

/// Xcode project files on arbitrary bytes: the old-style property list reader (an error or a
/// value, never a trap), and a project's targets from what it reads (in a folder that does not
/// exist, so no file is listed).
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard (try? OldStylePlist.parse(bytes)) != nil else { return 0 }
  let path = "/nonexistent/App.xcodeproj/project.pbxproj"
  if let contents = try? XcodeProject.read(bytes, path: path, files: FileTree()) {
    for target in contents.targets { _ = target.catalog(of: "Localizable") }
  }
  return 0
}

runFuzzer(testOneInput)
