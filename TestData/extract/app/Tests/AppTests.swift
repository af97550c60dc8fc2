import Testing

@Test func text() {
  _ = String(localized: "Only in tests")
}
