import SwiftUI

let excluded = Text("Excluded from the app")
