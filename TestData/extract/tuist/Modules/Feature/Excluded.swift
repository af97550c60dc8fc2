import SwiftUI

// Excluded by the manifest's glob: in no target, so in no catalog.
let excluded = Text("Excluded text")
