import LHCBase

/// The arguments the code passes for a key, as far as the catalog tells: the source-language
/// value's arguments, completed by the key's own specifiers (`Text("files \(count)")` extracts the
/// key `files %lld` even when the source value, `"starred"`, leaves the number out).
struct ExpectedArguments {
  /// One argument position: how it is written and what class it is read as, when known.
  struct Argument {
    var position: Int
    var writtenAs: String
    var argumentClass: ArgumentClass?
    /// The source-language value itself uses the position (not only the key).
    var inSourceValue: Bool
  }

  private(set) var byPosition: [Int: Argument] = [:]

  init(source: [FormatArgument], key: [FormatArgument]) {
    for argument in source {
      byPosition[argument.position] = Argument(
        position: argument.position, writtenAs: argument.writtenAs,
        argumentClass: argument.argumentClass, inSourceValue: true)
    }
    for argument in key {
      if var known = byPosition[argument.position] {
        if known.argumentClass == nil { known.argumentClass = argument.argumentClass }
        byPosition[argument.position] = known
      } else {
        byPosition[argument.position] = Argument(
          position: argument.position, writtenAs: argument.writtenAs,
          argumentClass: argument.argumentClass, inSourceValue: false)
      }
    }
  }

  /// How many arguments the code passes, as far as known.
  var count: Int { byPosition.keys.max() ?? 0 }

  subscript(position: Int) -> Argument? { byPosition[position] }

  /// The positions the source-language value uses, in order.
  var sourceValueArguments: [Argument] {
    byPosition.values.filter(\.inSourceValue).sorted { $0.position < $1.position }
  }
}
