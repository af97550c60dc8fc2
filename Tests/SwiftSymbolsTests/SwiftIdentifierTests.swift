import Testing

@testable import SwiftSymbols

/// Xcode 26's naming rules, key by key.
@Suite("SwiftIdentifier")
struct SwiftIdentifierTests {
  @Test(arguments: [
    ("common.back", "commonBack"),
    ("common.minutesShort %lld %lld", "commonMinutesShort"),
    ("CFBundleDisplayName", "cfbundleDisplayName"),
    ("URLStrings", "urlstrings"),
    ("ALPS_DESCRIPTION", "alpsDescription"),
    ("OK", "ok"),
    ("game.encouragement.0", "gameEncouragement0"),
    ("tutorial.step.10", "tutorialStep10"),
    ("character.bear", "characterBear"),
    ("Key with %@ arg", "keyWithArg"),
    ("%(landmark)@ is contained in %(landmarkCollection)@", "isContainedIn"),
    ("my.snake_case.with-multiple-separators", "mySnakeCaseWithMultipleSeparators"),
    ("Don't stop", "dontStop"),
    ("1st.place", "_1stPlace"),
    ("👋 wave", "👋Wave"),
    ("über.größe", "überGröße"),
    ("%@", "string"),
    ("❤️", "string"),
    ("", "string"),
    ("%#@count@ files", "files"),
    ("100%% done", "_100Done"),
    ("Temp targets", "tempTargets"),
    ("Temp Targets", "tempTargets"),
  ])
  func memberName(key: String, expected: String) {
    #expect(SwiftIdentifier.memberName(forKey: key) == expected)
  }

  /// What tells a renamed member's key from the keeper's: its symbols that the keeper lacks, by
  /// Unicode name; never letters, case, whitespace, word separators or specifiers.
  @Test(arguments: [
    ("Help…", "Help", "HorizontalEllipsis"),
    ("Brightness:", "Brightness", "Colon"),
    ("%@ %@?", "%@ %@", "QuestionMark"),
    ("%@ (%@)", "%@ %@", "LeftParenthesisRightParenthesis"),
    ("↓ %@/s", "↑ %@/s", "DownwardsArrow"),
    ("%.0f%%", "%.0f", "PercentSign"),
    ("Don't", "Dont", "Apostrophe"),
    ("a\u{1}b", "ab", "U0001"),
    // Nothing to spell: a number is appended instead.
    ("Close tab", "Close Tab", ""),
    ("Name", "Name:", ""),
    ("to:    ", "to:", ""),
    ("item.count.%lld", "item.count", ""),
    ("a_b", "A b", ""),
    ("%@ - %@", "%@ %@", ""),
    ("Connecting...", "Connecting", ""),
    ("Season %lld", "%lld Season", ""),
  ])
  func distinguishingWords(key: String, keeper: String, expected: String) {
    #expect(SwiftIdentifier.distinguishingWords(of: key, beside: keeper) == expected)
  }

  @Test func keywordsAreEscaped() {
    #expect(SwiftIdentifier.escaped("continue") == "`continue`")
    #expect(SwiftIdentifier.escaped("self") == "`self`")
    #expect(SwiftIdentifier.escaped("init") == "`init`")
    #expect(SwiftIdentifier.escaped("commonBack") == "commonBack")
  }

  @Test(arguments: [
    ("Localizable", "Localizable"), ("Feature", "Feature"), ("my-strings", "MyStrings"),
    ("InfoPlist", "InfoPlist"), ("2024 promo", "_2024Promo"), ("", "Strings"),
  ])
  func typeName(table: String, expected: String) {
    #expect(SwiftIdentifier.typeName(forTable: table) == expected)
  }

  @Test func namedPlaceholdersAreCutOut() {
    let named = NamedPlaceholders("%(landmark)@ in %2$(count)lld, 100%% and %(bad name)@")
    #expect(named.text == "%@ in %2$lld, 100%% and %(bad name)@")
    #expect(named.names == [0: "landmark", 6: "count"])
  }
}
