import LHCBase
import StringTables

/// Format checks: specifiers compile rejects, and the arguments a leaf reads compared with the
/// source language's value of the same key.
extension LocalizationLinter {
  /// `index`: the leaf's index in ``leaves``.
  mutating func checkFormat(_ leaf: LintLeaf, index: Int) {
    // Nearly every leaf: no `%` in it, in its source counterpart or in the key: nothing to compare.
    let reference = source.formatReference(for: leaf)
    let isOwnReference = isSourceLanguage && reference?.path == leaf.path
    if !leaf.value.containsUTF8(UInt8(ascii: "%"))
      && !(reference?.value.containsUTF8(UInt8(ascii: "%")) ?? false)
      && !entry.key.containsUTF8(UInt8(ascii: "%"))
    {
      return
    }
    // Fast path: common specifiers only, each argument read once, exactly as the source value
    // (and the key, when it has arguments) reads them: nothing can be reported. (A value with
    // `$` may mix positional and non-positional specifiers, which the fast path cannot see.)
    if leaf.substitution == nil, !Self.mayMixPositions(leaf.value),
      let simple = SimpleFormat(leaf.value), simple.isOneToOne
    {
      let mine = SourceLeaves.byPosition(simple)
      let theirs = reference?.format.simple
      if isOwnReference
        || (theirs == mine && (source.keyArguments.isEmpty || source.keySimple == mine))
      {
        return
      }
    }
    // A string nobody formats has no arguments to misread: its `%` are text.
    guard source.codeFormats else { return }
    let format = format(ofLeaf: index)
    let referenceFormat = reference?.format
    // Foundation reads a prose-like specifier as an argument: it is compared as one below.
    let problems = TextCheck.formatProblems(format, codeFormats: true)
    for problem in problems {
      let id =
        switch problem {
        case .invalidSpecifier: "format-invalid-specifier"
        case .unusualSpecifier(let specifier) where specifier.conversion == "n":
          "format-count-specifier"
        case .unusualSpecifier: "format-unusual-specifier"
        }
      report(id, problem.message, at: leaf.offset)
    }
    // A leaf with arguments and a `%` that starts no specifier is reported once, for that (its
    // arguments are unreliable); one without arguments is a lone `%`. An empty translation is
    // reported once, as empty.
    if !format.invalidTokens.isEmpty {
      if format.asksForArguments { return }
      report(
        "format-literal-percent",
        "Lone '%' in a value without format arguments, for a key the code formats (the key or the \(sourceLanguage) value has arguments); String(format:) drops or misreads it, write '%%'",
        at: leaf.offset)
    }
    guard isSourceLanguage || !leaf.value.isEmpty else { return }
    checkMixedPositions(format, leaf: leaf)
    let arguments = format.arguments
    for argument in arguments where Set(argument.types.map(ArgumentClass.init)).count > 1 {
      let readings = argument.specifiers.map(\.text)
      report(
        "format-argument-type",
        "Format argument \(argument.position) is read both as '\(readings.first ?? "")' and as '\(readings.last ?? "*")'; one of the readings misreads what the code passes, which crashes or prints garbage at runtime",
        at: leaf.offset)
    }
    var gaps: Set<Int> = []
    if reference != nil, !isOwnReference, referenceFormat?.hasProblems == false {
      let expected = source.expectedArguments(for: reference)
      if !checkArgumentOrder(format, arguments, expected: expected, leaf: leaf) {
        compare(arguments, with: expected, leaf: leaf, gaps: &gaps)
      }
    }
    if !leaf.isPluralForm && leaf.substitution == nil {
      checkOwnGaps(arguments, leaf: leaf, reported: gaps)
    }
  }

  /// Compares a leaf's arguments with what the code passes, position by position.
  ///
  /// A position the leaf skips is harmless at runtime when the skipped value is an integer, object
  /// or pointer (every such argument takes one 8-byte slot on 64-bit Apple platforms): it is
  /// reported as a dropped argument. A skipped floating-point value, or one of unknown type, is a
  /// positional gap: later arguments may be read from the wrong register or slot.
  private mutating func compare(
    _ arguments: [FormatArgument], with expected: ExpectedArguments, leaf: LintLeaf,
    gaps: inout Set<Int>
  ) {
    let positions = Set(arguments.map(\.position))
    let highest = arguments.last?.position ?? 0
    for argument in arguments {
      guard let sourceArgument = expected[argument.position] else {
        report(
          "format-argument-count",
          "Format argument \(argument.position) ('\(argument.writtenAs)') has no counterpart in the \(sourceLanguage) value or the key, which pass \(expected.count) argument\(expected.count == 1 ? "" : "s"); reading an argument the code never passes crashes or prints garbage at runtime",
          at: leaf.offset)
        continue
      }
      if let own = argument.argumentClass, let wanted = sourceArgument.argumentClass, own != wanted
      {
        report(
          "format-argument-type",
          "Format argument \(argument.position) is '\(argument.writtenAs)' (\(own.rawValue)) but '\(sourceArgument.writtenAs)' (\(wanted.rawValue)) in \(sourceLanguage); reading \(wanted.withArticle) as \(own.withArticle) crashes or prints garbage at runtime",
          at: leaf.offset)
      }
    }
    for sourceArgument in expected.sourceValueArguments
    where !positions.contains(sourceArgument.position) {
      // A plural form may leave out the number it is chosen by ("One file").
      if leaf.isPluralForm,
        sourceArgument.argumentClass == .integer || sourceArgument.argumentClass == .floatingPoint
      {
        continue
      }
      let slotSized = [.integer, .object, .pointer, .cString].contains(sourceArgument.argumentClass)
      if sourceArgument.position < highest && !slotSized {
        gaps.insert(sourceArgument.position)
        report(
          "format-positional-gap",
          "Format arguments skip position \(sourceArgument.position) ('\(sourceArgument.writtenAs)' in \(sourceLanguage)) but use position \(highest); a format that skips a floating-point or unknown argument cannot know where the later ones are, so they are read from the wrong place",
          at: leaf.offset)
      } else {
        gaps.insert(sourceArgument.position)
        report(
          "format-argument-missing",
          "Format argument \(sourceArgument.position) ('\(sourceArgument.writtenAs)') of the \(sourceLanguage) value is not used; the value the code passes is silently left out",
          at: leaf.offset)
      }
    }
    // Positions the key passes but neither the source value nor the leaf uses: known slot-sized
    // values are harmless to skip.
    for position in 1..<max(highest, 1) where !positions.contains(position) {
      if let known = expected[position], !known.inSourceValue,
        [.integer, .object, .pointer, .cString].contains(known.argumentClass)
      {
        gaps.insert(position)
      }
    }
  }

  /// Positions a leaf outside plurals skips below its highest one, not reported already.
  private mutating func checkOwnGaps(
    _ arguments: [FormatArgument], leaf: LintLeaf, reported: Set<Int>
  ) {
    guard let highest = arguments.last?.position, highest > arguments.count else { return }
    let positions = Set(arguments.map(\.position))
    for position in 1..<highest where !positions.contains(position) && !reported.contains(position)
    {
      report(
        "format-positional-gap",
        "Format arguments skip position \(position) but use position \(highest); a format that skips an argument of unknown type cannot know where the later ones are, so they are read from the wrong place",
        at: leaf.offset)
    }
  }
}
