import Foundation

let legacy = NSLocalizedString("Legacy string", tableName: "Legacy", comment: "From the framework")
let other = NSLocalizedString("No catalog of this table", tableName: "Missing", comment: "")
