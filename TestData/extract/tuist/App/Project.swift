import SwiftUI

// The app's own type named Project, not a Tuist manifest (it does not import ProjectDescription):
// code of the App target.
struct Project {
  var title = String(localized: "Project title")
}
