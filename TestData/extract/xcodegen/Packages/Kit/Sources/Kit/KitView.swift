import SwiftUI

let kitTitle = Text("Kit title")
