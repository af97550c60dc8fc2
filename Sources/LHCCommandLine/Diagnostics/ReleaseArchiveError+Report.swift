import ReleaseFiles

extension ReleaseArchiveError {
  /// `release.zip/de.lproj/Localizable.strings:3:1: error: message [reason]` for a release at
  /// `root` (a zip or a folder); an absolute entry path is appended as it is.
  func report(root: String) -> String {
    let file = path.map { root + ($0.hasPrefix("/") ? "" : "/") + $0 } ?? root
    let location = [file, position].compactMap { $0 }.joined(separator: ":")
    return "\(location): error: \(message) [\(reason.rawValue)]\n"
  }
}
