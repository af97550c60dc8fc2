import Testing

@Test func feature() { _ = String(localized: "Feature test only") }
