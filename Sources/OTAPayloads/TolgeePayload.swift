import LHCBase
import StringTables

/// The Tolgee Swift SDK's CDN files: one flat JSON object per language and table.
///
/// Layout (the SDK's `RemoteFetchUseCase`): the app's default table `Localizable` (the SDK's
/// empty namespace, used when no table is passed) is `<language>.json`; every other table is the
/// namespace of its name, `<Table>/<language>.json`. Languages are BCP 47 with capitalised
/// subtags (`pt-BR`, `zh-Hans`), as the SDK asks for them. The CDN prefix is configured in the
/// app, so `--base-url` plays no part.
///
/// Values stay Apple format strings (the SDK's "Apple" CDN format, formatted with
/// `String(format:)`). A plural on one variable becomes `{"variations":{"plural":{…}}}`, each
/// form the whole string for its category. The SDK selects on the first numeric argument, so a
/// plural whose variable is not the first numeric argument is skipped, as are device variations
/// and plurals on several variables.
enum TolgeePayload {
  /// The table name the SDK's empty namespace stands for.
  static let defaultTable = "Localizable"

  /// One file per table.
  static func build(_ tables: [StringTable]) -> Payload {
    var skipped: [SkippedEntry] = []
    let files = tables.map { table in
      var members: [(String, JSONValue)] = []
      for (key, result) in table.messages() {
        do throws(Unrepresentable) {
          members.append((key, try value(of: result.get())))
        } catch {
          skipped.append(SkippedEntry(table, key: key, reason: error.reason))
        }
      }
      return PayloadParts.file(path(of: table), PayloadParts.object(members))
    }
    return Payload(files: files, skipped: skipped)
  }

  /// `<language>.json` for the default table, `<Table>/<language>.json` for the others.
  static func path(of table: StringTable) -> String {
    let file = LocaleTag.canonical(table.language) + ".json"
    return table.name == defaultTable ? file : table.name + "/" + file
  }

  /// A string, or a plural `variations` object.
  private static func value(of message: OTAMessage) throws(Unrepresentable) -> JSONValue {
    switch message {
    case .text(let text):
      return .string(text)
    case .plural(let plural):
      try checkSelection(plural)
      let forms = PayloadParts.object(plural.forms.map { ($0.category, .string($0.text)) })
      return .object([("variations", .object([("plural", forms)]))])
    }
  }

  /// Fails unless the plural's variable is the first numeric argument of every form (the value
  /// the SDK picks the category with).
  private static func checkSelection(_ plural: PluralMessage) throws(Unrepresentable) {
    for form in plural.forms {
      let numeric = FormatString(parsing: form.text).arguments.first {
        $0.argumentType?.isNumeric == true
      }
      if let numeric, numeric.position < plural.position {
        throw Unrepresentable(
          "plural selects on argument \(plural.position), but Tolgee selects on the first numeric argument (\(numeric.position))"
        )
      }
    }
  }
}
