import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs independent jobs on every core.
public enum Parallel {
  /// `items.map(transform)`, computed concurrently; results keep the items' order.
  ///
  /// `transform` runs on several threads at once: it must only share data that is read-only or
  /// confined to one item (the caller's promise; not checked by the compiler).
  public static func map<T, R>(_ items: [T], _ transform: (T) -> R) -> [R] {
    guard items.count > 1 else { return items.map(transform) }
    let results = UnsafeMutableBufferPointer<R?>.allocate(capacity: items.count)
    results.initialize(repeating: nil)
    defer {
      results.deinitialize()
      results.deallocate()
    }
    withoutActuallyEscaping(transform) { transform in
      let box = UncheckedSendable((items, transform, results))
      DispatchQueue.concurrentPerform(iterations: items.count) { index in
        let (items, transform, results) = box.value
        results[index] = transform(items[index])
      }
    }
    return results.compactMap { $0 }
  }

  /// `items.map { transform(&state, $0) }` on one worker per core, each with its own `state`
  /// made once by `makeState` (a compressor, a scratch buffer): a worker takes the next item as
  /// soon as it is done with one, so a few large items among many small ones still keep every core
  /// busy, and only one item per core is being worked on at any time. Results keep the items'
  /// order.
  ///
  /// `makeState` and `transform` run on several threads at once, with the caveat of
  /// ``map(_:_:)``.
  public static func map<T, State, R>(
    _ items: [T], state makeState: () -> State, _ transform: (inout State, T) -> R
  ) -> [R] {
    let workers = min(processorCount, items.count)
    guard workers > 1 else {
      var state = makeState()
      return items.map { transform(&state, $0) }
    }
    let results = UnsafeMutableBufferPointer<R?>.allocate(capacity: items.count)
    results.initialize(repeating: nil)
    let next = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    next.initialize(to: 0)
    let lock = DispatchQueue(label: "lhc.parallel.next")
    defer {
      results.deinitialize()
      results.deallocate()
      next.deallocate()
    }
    withoutActuallyEscaping(makeState) { makeState in
      withoutActuallyEscaping(transform) { transform in
        let box = UncheckedSendable((items, makeState, transform, results, next, lock))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
          let (items, makeState, transform, results, next, lock) = box.value
          var state = makeState()
          while true {
            let index = lock.sync {
              defer { next.pointee += 1 }
              return next.pointee
            }
            guard index < items.count else { return }
            results[index] = transform(&state, items[index])
          }
        }
      }
    }
    return results.compactMap { $0 }
  }

  /// The number of cores online (at least 1).
  public static var processorCount: Int { max(sysconf(Int32(_SC_NPROCESSORS_ONLN)), 1) }

  /// `items` in one contiguous run per core (fewer when there are fewer items), in order: for
  /// jobs that set up per-thread state once.
  public static func chunks<T>(of items: [T]) -> [ArraySlice<T>] {
    let count = min(processorCount, max(items.count, 1))
    return (0..<count).map { chunk in
      items[(items.count * chunk / count)..<(items.count * (chunk + 1) / count)]
    }
  }
}

/// Jobs handed over one at a time while the caller keeps working (decompressing the next file,
/// say), run on the other cores as they come; ``results()`` waits for them all.
public final class Pipeline<Result>: @unchecked Sendable {
  private let group = DispatchGroup()
  /// Guards `finished`.
  private let lock = DispatchQueue(label: "lhc.pipeline")
  private var finished: [(index: Int, result: Result)] = []
  private var started = 0

  public init() {}

  /// Runs `job` in the background. `job` must only share data that is read-only or its own.
  public func start(_ job: @escaping () -> Result) {
    let index = started
    started += 1
    let box = UncheckedSendable(job)
    DispatchQueue.global().async(group: group) {
      let result = box.value()
      self.lock.sync { self.finished.append((index, result)) }
    }
  }

  /// The results of every job, in the order they were started, once all have finished.
  public func results() -> [Result] {
    group.wait()
    return lock.sync { finished.sorted { $0.index < $1.index }.map(\.result) }
  }
}

/// Carries a value across a concurrency boundary the caller knows to be safe.
private struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
