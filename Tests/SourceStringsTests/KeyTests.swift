import SourceStrings
import Testing

/// Keys exactly as Xcode writes them (lhc-extract(1), KEYS): specifiers by type, `%` escaping,
/// every literal form.
@Suite struct KeyTests {
  private func key(_ expression: String, declarations: String = "") -> String? {
    extract(declarations + "\nlet view = Text(\(expression))").strings.last?.key
  }

  @Test func specifiersFromAnnotations() {
    let declarations = """
      let i: Int = 1; let i32: Int32 = 1; let i16: Int16 = 1; let i8: Int8 = 1; let i64: Int64 = 1
      let u: UInt = 1; let u32: UInt32 = 1; let u16: UInt16 = 1; let u8: UInt8 = 1; let u64: UInt64 = 1
      let d: Double = 1; let f: Float = 1; let g: CGFloat = 1; let t: TimeInterval = 1
      let s: String = ""; let o: Int? = nil; let date: Date = Date()
      """
    let expected: [(String, String)] = [
      ("i", "%lld"), ("i32", "%d"), ("i16", "%d"), ("i8", "%d"), ("i64", "%lld"), ("u", "%llu"),
      ("u32", "%u"), ("u16", "%u"), ("u8", "%u"), ("u64", "%llu"), ("d", "%lf"), ("f", "%f"),
      ("g", "%lf"), ("t", "%lf"), ("s", "%@"), ("o", "%@"), ("date", "%@"),
    ]
    for (name, specifier) in expected {
      #expect(key(#""v \(\#(name))""#, declarations: declarations) == "v \(specifier)", "\(name)")
    }
  }

  @Test func specifiersInferred() {
    let declarations = """
      struct Account { var unreadCount = 0; var name: String; var ratio = 0.5; var items: [Item] }
      struct Item { let size: UInt32 }
      typealias Count = Int16
      func total() -> Int { 0 }
      let account = Account(name: "")
      let alias: Count = 3
      let items = [Item(size: 1)]
      """
    #expect(key(#""\(account.unreadCount) unread""#, declarations: declarations) == "%lld unread")
    #expect(key(#""\(account.name)""#, declarations: declarations) == "%@")
    #expect(key(#""\(account.ratio)""#, declarations: declarations) == "%lf")
    #expect(key(#""\(account.items.count) items""#, declarations: declarations) == "%lld items")
    #expect(key(#""\(account.items[0].size)""#, declarations: declarations) == "%u")
    #expect(key(#""\(alias)""#, declarations: declarations) == "%d")
    #expect(key(#""\(total()) total""#, declarations: declarations) == "%lld total")
    #expect(key(#""\(Int(3.5))""#, declarations: declarations) == "%lld")
    #expect(key(#""\(total() * 2)""#, declarations: declarations) == "%lld")
    #expect(key(#""\(2 * account.ratio)""#, declarations: declarations) == "%lf")
    #expect(key(#""\(items.first!.size)""#, declarations: declarations) == "%u")  // an element
    #expect(key(#""\(account.name.uppercased())""#, declarations: declarations) == "%@")
  }

  @Test func specifiersInScopes() {
    let found = extract(
      """
      struct V: View {
        let months: [Int]
        var body: some View {
          ForEach([3, 6, 12], id: \\.self) { month in Text("\\(month) months") }
          ForEach(months, id: \\.self) { m in Text("\\(m) m") }
          ForEach(0..<5) { index in Text("Row \\(index)") }
        }
        func f(count: Int, label: String?) {
          let doubled = count * 2
          if let label { Text("\\(label): \\(doubled)") }
          for (offset, value) in months.enumerated() { Text("\\(offset). \\(value)") }
          guard let first = months.first else { return }
          Text("first \\(first)")
          Text("unknown \\(mystery)")
        }
      }
      """
    ).strings
    let keys = found.map(\.key)
    #expect(keys.contains("%lld months"))
    #expect(keys.contains("%lld m"))
    #expect(keys.contains("Row %lld"))
    #expect(keys.contains("%@: %lld"))
    #expect(keys.contains("%lld. %lld"))
    #expect(keys.contains("first %lld"))  // months.first: an optional Int, unwrapped
    #expect(keys.contains("unknown %@"))
    let unknown = found.first { $0.key == "unknown %@" }
    #expect(unknown?.notes == [#"\(mystery) → %@: type unknown"#])
  }

  @Test func specifierArgumentsAndFormats() {
    #expect(key(#""\(value, specifier: "%.2f") km""#, declarations: "let value = 1.0") == "%.2f km")
    #expect(key(#""\(date, style: .date)""#) == "%@")
    #expect(key(#""\(value, format: .number)""#, declarations: "let value = 1") == "%@")
    #expect(key(#""\(Image(systemName: "star")) Favorite""#) == "%@ Favorite")
  }

  @Test func percentSigns() {
    #expect(key(#""100%""#) == "100%")
    #expect(key(#""\(n)% done""#, declarations: "let n = 1") == "%lld%% done")
    #expect(
      extract(#"let a = NSLocalizedString("50% off", comment: "")"#).strings.first?.key == "50% off"
    )
  }

  @Test func literalForms() {
    #expect(key(#""Tab\tquote\" \u{1F600} backslash\\""#) == "Tab\tquote\" 😀 backslash\\")
    #expect(key(##"#"Raw \n "quoted""#"##) == #"Raw \n "quoted""#)
    #expect(key(##"#"Raw \#(n) count"#"##, declarations: "let n = 2") == "Raw %lld count")
    #expect(
      key("\"\"\"\n    First line\n      indented \\\n    continued\n    \"\"\"")
        == "First line\n  indented continued")
    #expect(key(#""Outer \(flag ? "a" : "b") end""#) == "Outer %@ end")
    #expect(key(#""Nested \(String(format: "%d", "\(x)".count))""#) == "Nested %@")
  }

  @Test func multipleDeclarationsAcrossFiles() {
    let found = extract(
      #"let v = Text("\(store.count) in \(store.name)")"#,
      more: ["final class Store { var count: UInt = 0; var name = \"\" }\nlet store = Store()"]
    ).strings
    #expect(found.map(\.key) == ["%llu in %@"])
  }
}
