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
