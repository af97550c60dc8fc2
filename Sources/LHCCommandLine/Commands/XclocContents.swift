import LHCBase
import XLIFF

/// An `.xcloc`'s `contents.json` (`xliff.md` §1), in Xcode's JSON layout: 2-space indent,
/// `" : "`, sorted keys, no final newline. Without a build number (lhc's tool) `toolBuildNumber`
/// is left out.
struct XclocContents {
  var developmentRegion: String
  var project: String
  var targetLocale: String
  var tool: XLIFFTool

  var bytes: [UInt8] {
    var info: [(String, String)] = []
    if let build = tool.buildNumber { info.append(("toolBuildNumber", build)) }
    info += [("toolID", tool.id), ("toolName", tool.name)]
    if let version = tool.version { info.append(("toolVersion", version)) }
    let toolInfo = info.map { "    \(JSONValue.quoted($0.0)) : \(JSONValue.quoted($0.1))" }
    let lines = [
      "{",
      "  \"developmentRegion\" : \(JSONValue.quoted(developmentRegion)),",
      "  \"project\" : \(JSONValue.quoted(project)),",
      "  \"targetLocale\" : \(JSONValue.quoted(targetLocale)),",
      "  \"toolInfo\" : {",
      toolInfo.joined(separator: ",\n"),
      "  },",
      "  \"version\" : \"1.0\"",
      "}",
    ]
    return Array(lines.joined(separator: "\n").utf8)
  }
}
