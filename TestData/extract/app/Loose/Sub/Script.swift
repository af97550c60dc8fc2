import Foundation

let loose = String(localized: "Loose string", comment: "A file of no target")
