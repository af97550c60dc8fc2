import Foundation
import LHCTestSupport
import Testing

/// `lhc extract --list --format json` of `inputs` in `root`: each key's catalog (`null`: none)
/// and the run's stderr; the run must succeed.
func extractListing(
  _ root: URL, _ arguments: [String] = [], inputs: [String] = ["."],
  environment: [String: String]? = nil
) throws -> (catalogs: [String: String], stderr: String) {
  let run = try RunLHC.run(
    ["extract", "--list", "--format", "json"] + arguments + inputs, in: root,
    environment: environment)
  #expect(run.status == 0, "\(run.stderr)")
  let records =
    try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]] ?? []
  var catalogs: [String: String] = [:]
  for record in records {
    catalogs[record["key"] as? String ?? ""] = record["catalog"] as? String ?? "null"
  }
  return (catalogs, run.stderr)
}
