import Foundation

let message = NSLocalizedString("From a package without a default localization", comment: "")
