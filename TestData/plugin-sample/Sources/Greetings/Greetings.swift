import Foundation

/// What the library offers besides its generated symbols (`String.Greetings`).
public enum Greetings {
  /// The languages of the library's resource bundle (the compiled `.lproj` folders).
  public static var languages: [String] { Bundle.module.localizations.sorted() }

  /// The plain key "welcome" looked up through Foundation directly, in `language`'s `.lproj`
  /// folder: Foundation reads `.strings` files on every platform (a `.stringsdict` key would crash
  /// it off Apple platforms; the generated symbols resolve those).
  public static func welcomeThroughFoundation(language: String) -> String {
    guard let path = Bundle.module.path(forResource: language, ofType: "lproj"),
      let bundle = Bundle(path: path)
    else { return "(no \(language).lproj)" }
    return bundle.localizedString(forKey: "welcome", value: "(missing)", table: "Greetings")
  }
}
