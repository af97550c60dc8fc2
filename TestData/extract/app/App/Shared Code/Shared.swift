import Foundation

let shared = String(localized: "Shared string", comment: "Used by the app and the widget")
let settings = String(localized: "settings.title", defaultValue: "Settings", table: "Settings", comment: "Settings title")
