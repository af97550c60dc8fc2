/// A unified diff of two texts by lines (`diff -u`'s format, three lines of context), from the
/// shortest edit script (Myers' algorithm): what `lhc extract --dry-run` prints.
enum UnifiedDiff {
  static func render(old: [UInt8], new: [UInt8], oldName: String, newName: String) -> String {
    let a = lines(old)
    let b = lines(new)
    let script = edits(a, b)
    guard script.contains(where: { $0 != .keep }) else { return "" }
    var output = "--- \(oldName)\n+++ \(newName)\n"
    // Walk the script; a hunk is a run of changes with up to 3 unchanged lines around it.
    var operations: [(Edit, Int, Int)] = []  // edit, index in a, index in b
    var i = 0
    var j = 0
    for edit in script {
      operations.append((edit, i, j))
      switch edit {
      case .keep: i += 1; j += 1
      case .delete: i += 1
      case .insert: j += 1
      }
    }
    var start = 0
    while start < operations.count {
      guard let firstChange = operations[start...].firstIndex(where: { $0.0 != .keep }) else {
        break
      }
      var end = firstChange
      var last = firstChange
      while end < operations.count {
        if operations[end].0 != .keep { last = end }
        if end - last > 6 { break }
        end += 1
      }
      let lower = max(start, firstChange - 3)
      let upper = min(operations.count, last + 4)
      let hunk = operations[lower..<upper]
      let oldStart = hunk.first!.1
      let newStart = hunk.first!.2
      let oldCount = hunk.filter { $0.0 != .insert }.count
      let newCount = hunk.filter { $0.0 != .delete }.count
      output +=
        "@@ -\(oldCount == 0 ? oldStart : oldStart + 1),\(oldCount) +\(newCount == 0 ? newStart : newStart + 1),\(newCount) @@\n"
      for (edit, x, y) in hunk {
        switch edit {
        case .keep: output += " " + printed(a[x])
        case .delete: output += "-" + printed(a[x])
        case .insert: output += "+" + printed(b[y])
        }
      }
      start = upper
    }
    return output
  }

  enum Edit: Equatable { case keep, delete, insert }

  /// A file's last line without a line break ends in this mark, so that it differs from the
  /// same text with one (as `diff` sees it).
  private static let noNewline = "\u{0}"

  private static func lines(_ bytes: [UInt8]) -> [String] {
    guard !bytes.isEmpty else { return [] }
    var result = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self)
    }
    if bytes.last == UInt8(ascii: "\n") {
      result.removeLast()
    } else {
      result[result.count - 1] += noNewline
    }
    return result
  }

  private static func printed(_ line: String) -> String {
    guard line.hasSuffix(noNewline) else { return line + "\n" }
    return String(line.dropLast()) + "\n\\ No newline at end of file\n"
  }

  /// The shortest edit script turning `a` into `b` (Myers 1986, with the trace kept).
  static func edits(_ a: [String], _ b: [String]) -> [Edit] {
    let n = a.count
    let m = b.count
    let maximum = n + m
    var frontier = [Int](repeating: 0, count: 2 * maximum + 2)
    var trace: [[Int]] = []
    var found = false
    for d in 0...maximum {
      trace.append(frontier)
      for k in stride(from: -d, through: d, by: 2) {
        var x: Int
        if k == -d || (k != d && frontier[maximum + k - 1] < frontier[maximum + k + 1]) {
          x = frontier[maximum + k + 1]
        } else {
          x = frontier[maximum + k - 1] + 1
        }
        var y = x - k
        while x < n, y < m, a[x] == b[y] {
          x += 1
          y += 1
        }
        frontier[maximum + k] = x
        if x >= n, y >= m {
          found = true
          break
        }
      }
      if found { break }
    }
    // Back through the trace.
    var script: [Edit] = []
    var x = n
    var y = m
    for d in stride(from: trace.count - 1, through: 0, by: -1) {
      let v = trace[d]
      let k = x - y
      let previousK: Int
      if k == -d || (k != d && v[maximum + k - 1] < v[maximum + k + 1]) {
        previousK = k + 1
      } else {
        previousK = k - 1
      }
      let previousX = v[maximum + previousK]
      let previousY = previousX - previousK
      while x > previousX, y > previousY {
        script.append(.keep)
        x -= 1
        y -= 1
      }
      if d > 0 {
        script.append(x == previousX ? .insert : .delete)
        x = previousX
        y = previousY
      }
    }
    return script.reversed()
  }
}
