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

/// Carries a value across a concurrency boundary the caller knows to be safe.
private struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
