import Dispatch
import LHCBase
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("Parallel")
struct ParallelTests {
  @Test func mapKeepsOrder() {
    let items = Array(0..<200)
    #expect(Parallel.map(items) { $0 * 3 } == items.map { $0 * 3 })
  }

  /// Every item once, results in order, one state per worker (never more than the cores).
  @Test(arguments: [0, 1, 2, 5, 300])
  func mapWithStateKeepsOrderAndMakesAStatePerWorker(count: Int) {
    final class Counter: @unchecked Sendable {
      let lock = DispatchQueue(label: "test.counter")
      var states = 0
    }
    let counter = Counter()
    let items = Array(0..<count)
    let results = Parallel.map(
      items,
      state: { () -> [Int] in
        counter.lock.sync { counter.states += 1 }
        return []
      }
    ) { seen, item in
      seen.append(item)
      return (item * 3, seen.count)
    }
    #expect(results.map(\.0) == items.map { $0 * 3 })
    #expect(counter.states <= max(1, Parallel.processorCount))
    #expect(results.map(\.1).reduce(0, max) <= count)
  }

  @Test(arguments: [0, 1, 2, 5, 61])
  func chunksCoverEveryItemOnceInOrder(count: Int) {
    let items = Array(0..<count)
    let chunks = Parallel.chunks(of: items)
    #expect(Array(chunks.joined()) == items)
    #expect(chunks.count >= 1)
    #expect(chunks.allSatisfy { !$0.isEmpty } || count == 0)
  }

  /// Later jobs finish first here; results still come in the order the jobs were started.
  @Test func pipelineResultsInStartOrder() {
    let pipeline = Pipeline<Int>()
    for index in 0..<20 {
      pipeline.start {
        usleep(UInt32((20 - index) * 300))
        return index * index
      }
    }
    #expect(pipeline.results() == (0..<20).map { $0 * $0 })
    #expect(Pipeline<Int>().results().isEmpty)
  }
}
