import Foundation
import SwiftUI

// A stand-in of a dependency's checkout for the real-apps harness (the corpus holds no
// checkouts): the initializers of swift-navigation's TextState
// (github.com/pointfreeco/swift-navigation, Sources/SwiftNavigation/TextState.swift), as its
// public interface declares them; signatures only.
public struct TextState: Equatable, Hashable, Sendable {
  public init(verbatim content: String) {}

  @_disfavoredOverload
  public init<S: StringProtocol>(_ content: S) {}

  public init(
    _ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil,
    comment: StaticString? = nil
  ) {}

  @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
  public init(_ resource: LocalizedStringResource) {}
}
