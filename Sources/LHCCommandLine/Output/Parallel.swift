import Dispatch
import Foundation

/// Runs independent jobs on every core.
enum Parallel {
  /// `items.map(transform)`, computed concurrently; results keep the items' order.
  static func map<T, R>(_ items: [T], _ transform: (T) -> R) -> [R] {
    guard items.count > 1 else { return items.map(transform) }
    let results = UnsafeMutableBufferPointer<R?>.allocate(capacity: items.count)
    results.initialize(repeating: nil)
    defer {
      results.deinitialize()
      results.deallocate()
    }
    withoutActuallyEscaping(transform) { transform in
      let box = UnsafeSendable((items, transform, results))
      DispatchQueue.concurrentPerform(iterations: items.count) { index in
        let (items, transform, results) = box.value
        results[index] = transform(items[index])
      }
    }
    return results.compactMap { $0 }
  }
}

/// Carries a value across a concurrency boundary the caller knows to be safe.
private struct UnsafeSendable<Value>: @unchecked Sendable {
  var value: Value
  init(_ value: Value) { self.value = value }
}
