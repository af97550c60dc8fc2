import LHCBase
import Testing

@testable import StringTables

@Suite("KeyedValues")
struct KeyedValuesTests {
  @Test func keepsKeyOrderThroughInsertsAndRemovals() {
    var values: KeyedValues<Int> = ["b": 2, "😀": 4, "a": 1, "！": 5, "B": 3]
    #expect(values.keys == ["B", "a", "b", "😀", "！"])
    values["c"] = 6
    values["a"] = nil
    values["b"] = 20
    #expect(values.keys == ["B", "b", "c", "😀", "！"])
    #expect(values.values == [3, 20, 6, 4, 5])
    #expect(values["😀"] == 4)
    #expect(values["missing"] == nil)
    #expect(values.dictionary == ["B": 3, "b": 20, "c": 6, "😀": 4, "！": 5])
  }

  @Test(arguments: 0..<20)
  func lookupsAgreeWithADictionary(seed: Int) {
    var state = UInt64(seed) &+ 1
    var dictionary: [String: Int] = [:]
    for index in 0..<300 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      dictionary[String(state >> 40, radix: 36) + (index % 7 == 0 ? "é" : "")] = index
    }
    let values = KeyedValues(dictionary)
    #expect(values.keys == KeyOrder.sorted(dictionary.keys))
    for (key, value) in dictionary { #expect(values[key] == value) }
    #expect(values["not-there"] == nil)
  }

  @Test func pairsInKeyOrderAreTakenAsTheyAre() {
    let values = KeyedValues(pairsKeepingLast: [("B", 3), ("a", 1), ("b", 2), ("😀", 4), ("！", 5)])
    #expect(values.keys == ["B", "a", "b", "😀", "！"])
    #expect(values.values == [3, 1, 2, 4, 5])
    #expect(KeyedValues<Int>(pairsKeepingLast: []).isEmpty)
    #expect(KeyedValues(pairsKeepingLast: [("only", 1)]).keys == ["only"])
  }

  @Test func keysAndValuesInKeyOrderAreTakenAsTheyAre() {
    let sorted = KeyedValues(keysKeepingLast: ["B", "a", "😀", "！"], values: [1, 2, 3, 4])
    #expect(sorted.keys == ["B", "a", "😀", "！"])
    #expect(sorted.values == [1, 2, 3, 4])
    let repeated = KeyedValues(keysKeepingLast: ["b", "a", "b"], values: [1, 2, 3])
    #expect(repeated.keys == ["a", "b"])
    #expect(repeated.values == [2, 3])
  }

  @Test func unsortedPairsAreSorted() {
    let values = KeyedValues(pairsKeepingLast: [("！", 5), ("b", 2), ("😀", 4), ("a", 1), ("B", 3)])
    #expect(values.keys == ["B", "a", "b", "😀", "！"])
    #expect(values.values == [3, 1, 2, 4, 5])
  }

  @Test func aRepeatedKeyKeepsItsLastValue() {
    let adjacent = KeyedValues(pairsKeepingLast: [("a", 1), ("b", 2), ("b", 3), ("c", 4)])
    #expect(adjacent.keys == ["a", "b", "c"])
    #expect(adjacent.values == [1, 3, 4])
    let apart = KeyedValues(pairsKeepingLast: [("b", 1), ("a", 2), ("b", 3), ("b", 4), ("a", 5)])
    #expect(apart.keys == ["a", "b"])
    #expect(apart.values == [5, 4])
  }

  @Test(arguments: 0..<10)
  func pairsAgreeWithADictionaryKeepingTheLastValue(seed: Int) {
    var state = UInt64(seed) &+ 1
    var pairs: [(key: String, value: Int)] = []
    for index in 0..<300 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      pairs.append((String(state >> 58, radix: 36) + (index % 7 == 0 ? "é" : ""), index))
    }
    let expected = KeyedValues(Dictionary(pairs, uniquingKeysWith: { _, last in last }))
    #expect(KeyedValues(pairsKeepingLast: pairs) == expected)
  }
}
