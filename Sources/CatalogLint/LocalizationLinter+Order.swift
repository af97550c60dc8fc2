import LHCBase

/// Argument order checks: a translation that reorders the source's arguments without positions
/// (`format-argument-order`), and one string mixing positional and non-positional specifiers
/// (`format-mixed-positions`).
///
/// The code passes arguments in the order of the source-language value, so `%lld … %@` for a
/// source `%@ … %lld` reads the number as an object; `%2$lld … %1$@` is right (Xcode's own
/// fixture `inline_text`). Arguments of one class in another order (`%@ … %@`) cannot be told
/// apart from a translation that keeps the order, and are not reported.
extension LocalizationLinter {
  /// True when a value may mix positional and non-positional specifiers (it has a `$`): the fast
  /// paths that skip the format checks must not skip it.
  static func mayMixPositions(_ value: String) -> Bool {
    value.containsUTF8(UInt8(ascii: "$"))
  }

  /// Reports a leaf that mixes `%N$` specifiers (or `*N$`) with sequential ones. POSIX leaves
  /// which argument a sequential one reads then undefined; CoreFoundation (Apple's and
  /// swift-corelibs-foundation's `String(format:)`) numbers the sequential ones from 1, apart
  /// from the positional ones, as ``FormatString/arguments`` does: the arguments are compared as
  /// it reads them, and the mix is a warning. Substitution forms are left to
  /// `substitution-bare-specifier`.
  mutating func checkMixedPositions(_ format: FormatString, leaf: LintLeaf) {
    guard leaf.substitution == nil, format.hasPositionalArguments else { return }
    var positional: String?
    var sequential: String?
    for specifier in format.specifiers {
      var positions = [specifier.position]
      for count in [specifier.width, specifier.precision] {
        if case .argument(let position)? = count { positions.append(position) }
      }
      if positions.contains(where: { $0 != nil }) { positional = positional ?? specifier.text }
      if positions.contains(where: { $0 == nil }) { sequential = sequential ?? specifier.text }
    }
    guard let positional, let sequential else { return }
    let reads = format.arguments.first { $0.specifiers.contains { $0.text == sequential } }
    report(
      "format-mixed-positions",
      "Format mixes the positional specifier '\(positional)' with the non-positional '\(sequential)'; Apple's formatter numbers the non-positional ones apart (here '\(sequential)' reads argument \(reads?.position ?? 1)), other printf implementations do not: give every specifier a position",
      at: leaf.offset)
  }

  /// Reports a leaf whose arguments, none with a position, are those of the source-language value
  /// in another order; returns true then (its type mismatches are that one problem).
  mutating func checkArgumentOrder(
    _ format: FormatString, _ arguments: [FormatArgument], expected: ExpectedArguments,
    leaf: LintLeaf
  ) -> Bool {
    let count = arguments.count
    guard leaf.substitution == nil, count >= 2, count == expected.count,
      !format.hasPositionalArguments, format.substitutionReferences.isEmpty,
      arguments.allSatisfy({ $0.specifiers.count == 1 && !$0.widthOrPrecision })
    else { return false }
    let own = arguments.compactMap(\.argumentClass)
    let wanted = (1...count).compactMap { expected[$0]?.argumentClass }
    guard own.count == count, wanted.count == count, own != wanted,
      own.map(\.rawValue).sorted() == wanted.map(\.rawValue).sorted()
    else { return false }
    // Each specifier gets the first unused source position of its class.
    var used: Set<Int> = []
    var rewritten: [String] = []
    for (argument, argumentClass) in zip(arguments, own) {
      guard
        let position = (1...count).first(where: {
          !used.contains($0) && expected[$0]?.argumentClass == argumentClass
        })
      else { return false }
      used.insert(position)
      rewritten.append("%\(position)$" + argument.writtenAs.dropFirst())
    }
    let quoted = { (texts: [String]) in texts.map { "'\($0)'" }.joined(separator: ", ") }
    let source = (1...count).compactMap { expected[$0]?.writtenAs }
    report(
      "format-argument-order",
      "Format arguments \(quoted(arguments.map(\.writtenAs))) are the \(sourceLanguage) value's \(quoted(source)) in another order, without positions; the code passes them in the \(sourceLanguage) order, so they are read as the wrong types, which crashes or prints garbage at runtime: write \(quoted(rewritten))",
      at: leaf.offset)
    return true
  }
}
