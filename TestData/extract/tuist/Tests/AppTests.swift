import SwiftUI

let testOnly = Text("Test only")
