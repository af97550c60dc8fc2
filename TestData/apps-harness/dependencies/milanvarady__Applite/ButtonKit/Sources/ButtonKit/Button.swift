import SwiftUI

// A stand-in of a dependency's checkout for the real-apps harness (the corpus holds no
// checkouts): the title initializers of ButtonKit's AsyncButton
// (github.com/Dean151/ButtonKit, Sources/ButtonKit/Button.swift), as its public interface
// declares them; signatures only.
public struct AsyncButton<S: View>: View {
  public init(
    _ titleKey: LocalizedStringKey, role: ButtonRole? = nil, id: AnyHashable? = nil,
    action: @MainActor @escaping () async throws -> Void
  ) {}

  public init(
    _ title: some StringProtocol, role: ButtonRole? = nil, id: AnyHashable? = nil,
    action: @MainActor @escaping () async throws -> Void
  ) {}

  public var body: some View { EmptyView() }
}
