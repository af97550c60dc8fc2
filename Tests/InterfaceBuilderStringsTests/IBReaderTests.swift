import InterfaceBuilderStrings
import Testing

@Suite struct IBReaderTests {
  @Test func empty() {
    #expect(throws: IBReadError.self) { try InterfaceBuilderStrings.extract([], table: "T") }
  }
}
