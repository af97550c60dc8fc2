import Foundation

// Referenced by the project, in no build phase: read only as a file of no target.
let unused = NSLocalizedString("Not built", comment: "")
