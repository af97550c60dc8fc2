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

  /// `items` in one contiguous run per core (fewer when there are fewer items), in order: for
  /// jobs that set up per-thread state once.
  public static func chunks<T>(of items: [T]) -> [ArraySlice<T>] {
    let count = min(max(sysconf(Int32(_SC_NPROCESSORS_ONLN)), 1), max(items.count, 1))
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
