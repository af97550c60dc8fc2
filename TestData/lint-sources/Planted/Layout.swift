import SwiftUI
import UIKit

// Planted layout that does not mirror for right-to-left languages, and its mirroring forms.

final class LayoutView: UIView {
  let label = UILabel()
  let detail = UILabel()

  func layout() {
    label.textAlignment = .left  // expect: source-left-right
    label.textAlignment = NSTextAlignment.right  // expect: source-left-right
    detail.textAlignment = .natural
    detail.textAlignment = .center
    NSLayoutConstraint.activate([
      label.leftAnchor.constraint(equalTo: leftAnchor, constant: 8),  // expect: source-left-right
      label.trailingAnchor.constraint(equalTo: trailingAnchor),
      NSLayoutConstraint(
        item: label, attribute: .right, relatedBy: .equal, toItem: self,  // expect: source-left-right
        attribute: .trailing, multiplier: 1, constant: 0),
    ])
    layoutMargins = UIEdgeInsets(top: 8, left: 16, bottom: 8, right: 4)  // expect: source-left-right
    layoutMargins = UIEdgeInsets(top: 8, left: 16, bottom: 8, right: 16)
    directionalLayoutMargins = NSDirectionalEdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 4)
    semanticContentAttribute = .forceRightToLeft  // expect: source-left-right
    semanticContentAttribute = .playback
    if effectiveUserInterfaceLayoutDirection == .rightToLeft {
      detail.textAlignment = .natural
    }
    let views = ["label": label]
    addConstraints(
      NSLayoutConstraint.constraints(
        withVisualFormat: "H:|-[label]-|", options: .directionLeftToRight, metrics: nil,  // expect: source-left-right
        views: views))
  }
}

struct MirroredView: View {
  var body: some View {
    HStack(alignment: .top) {
      Text("Welcome", bundle: .lingohub)
        .frame(maxWidth: .infinity, alignment: .leading)
    }
    .environment(\.layoutDirection, .leftToRight)  // expect: source-left-right
  }
}

#Preview {
  MirroredView().environment(\.layoutDirection, .rightToLeft)
}
