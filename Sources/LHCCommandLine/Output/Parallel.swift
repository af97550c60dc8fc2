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

/// Hands batches of work from a producer to one consumer running on another thread, so reading
/// and compiling a catalog use both cores. At most `depth` batches wait at a time (bounded memory).
///
/// Consumed batches are handed back and released on the producer's thread: memory is then freed
/// by the thread that allocated it, which keeps the two threads off each other's malloc arenas.
final class BatchPipeline<Element>: @unchecked Sendable {
  private let queue = DispatchQueue(label: "lhc.pipeline")
  private let slots: DispatchSemaphore
  private let consume: ([Element]) -> Void
  private let batchSize: Int
  private var batch: [Element] = []
  private let lock = NSLock()
  private var consumed: [[Element]] = []

  init(batchSize: Int = 64, depth: Int = 8, consume: @escaping ([Element]) -> Void) {
    self.batchSize = batchSize
    self.slots = DispatchSemaphore(value: depth)
    self.consume = consume
    batch.reserveCapacity(batchSize)
  }

  /// Adds one element (producer thread only).
  func append(_ element: Element) {
    batch.append(element)
    if batch.count >= batchSize { flush() }
  }

  /// Waits until every element appended so far has been consumed.
  func finish() {
    flush()
    queue.sync {}
    releaseConsumed()
  }

  private func flush() {
    releaseConsumed()
    guard !batch.isEmpty else { return }
    let full = UnsafeTransfer(batch)
    batch = []
    batch.reserveCapacity(batchSize)
    slots.wait()
    queue.async { [self] in
      consume(full.value)
      lock.withLock { consumed.append(full.value) }
      slots.signal()
    }
  }

  /// Drops the batches the consumer is done with, on the calling (producer) thread.
  private func releaseConsumed() {
    let done = lock.withLock {
      defer { consumed.removeAll(keepingCapacity: true) }
      return consumed
    }
    _ = done
  }
}

/// Moves a value to another thread that alone uses it from then on.
private struct UnsafeTransfer<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
