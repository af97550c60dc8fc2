import LHCBase
import PseudoLocalization
import StringCatalog
import StringTables

extension CatalogCompilation {
  /// The compiler of one part of a catalog (a large catalog is read in parts, each on its own
  /// thread) and, with `--pseudo`, the localizer that adds the pseudo languages to each entry
  /// before it is compiled.
  final class Part: @unchecked Sendable {
    var compiler: CatalogCompiler
    let localizer: PseudoLocalizer?
    /// The first pseudo language this part found the catalog has already (an error).
    var clash: Diagnostic?

    /// `sourceLanguage`: the catalog's, when `pseudo` is not empty.
    init(_ compiler: CatalogCompiler, _ pseudo: [PseudoLanguage], _ sourceLanguage: String?) {
      self.compiler = compiler
      localizer = sourceLanguage.flatMap {
        pseudo.isEmpty ? nil : PseudoLocalizer(languages: pseudo, sourceLanguage: $0)
      }
      clash = localizer?.clash(in: nil)
    }

    func add(_ entry: CatalogEntry) {
      guard let localizer else { return compiler.add(entry) }
      if clash == nil { clash = localizer.clash(in: entry) }
      compiler.add(localizer.localize(entry))
    }

    /// The diagnostics of a compilation with pseudo languages. A pseudo language's text is the
    /// source language's, transformed with every specifier kept, so what the compiler reports
    /// about it is a problem of the source text: it is reported for the source language, once
    /// (dropped when the same diagnostic is already there). Then the first clash, if any.
    static func pseudoDiagnostics(
      _ diagnostics: [Diagnostic], _ parts: [Part], _ sourceLanguage: String
    ) -> [Diagnostic] {
      let tags = Set(parts.first?.localizer?.languages.map(\.tag) ?? [])
      var result = diagnostics.filter { !tags.contains($0.language ?? "") }
      var seen = Set(result)
      for var diagnostic in diagnostics where tags.contains(diagnostic.language ?? "") {
        diagnostic.language = sourceLanguage
        if seen.insert(diagnostic).inserted { result.append(diagnostic) }
      }
      let clashes = parts.compactMap(\.clash)
      if let first = clashes.min(by: { ($0.offset ?? -1) < ($1.offset ?? -1) }) {
        result.append(first)
      }
      return result
    }
  }
}
