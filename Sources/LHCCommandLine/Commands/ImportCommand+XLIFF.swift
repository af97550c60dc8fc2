/// The XLIFF mode of `lhc import` (`.xliff` / `.xcloc` `--into CATALOG…`): issue 18 (branch i18)
/// fills this file in; the rest of the command only calls these two functions.
extension ImportCommand {
  /// Checks the XLIFF-only parts of the command line once the mode and input are known (called
  /// by `init(parsed:)`); throws a usage error when they do not fit.
  static func checkXLIFF(_ path: String, _ options: Into) throws(UsageError) {
    throw UsageError(
      "XLIFF import (\(path)) is part of issue 18 (lhc export and XLIFF import), not in this build")
  }

  /// Applies the XLIFF at `path` (an `.xliff` file or an `.xcloc` folder) to `options.catalogs`;
  /// returns the exit status.
  func importXLIFF(_ path: String, _ options: Into, console: Console) -> Int32 {
    console.error("error: XLIFF import is part of issue 18\n")
    return ExitStatus.failure
  }
}
