import AppKit

/// The status line, set from code into the storyboard's table.
func statusText(unread: Int) -> String {
  if unread == 0 {
    return NSLocalizedString(
      "Everything read", tableName: "Main", comment: "Status with no unread article")
  }
  return NSLocalizedString(
    "Unread articles", tableName: "Main", value: "", comment: "Status with unread articles")
}
