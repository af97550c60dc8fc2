import CatalogImport
import CatalogWriter
import Foundation
import LHCBase
import ReleaseFiles

/// `lhc import INPUT -o NEW.xcstrings`: legacy files into a new catalog.
extension ImportCommand {
  func importLegacy(_ input: Input, _ options: NewCatalog, console: Console) -> Int32 {
    if !options.force, FileManager.default.fileExists(atPath: options.output) {
      console.error(
        "\(options.output): error: the catalog exists; give --force to replace it\n")
      return ExitStatus.failure
    }
    guard let files = Self.tableFiles(of: input, console: console) else {
      return ExitStatus.failure
    }
    let sourceLanguage = options.sourceLanguage ?? "en"
    let read: LegacyFiles
    do {
      read = try LegacyFiles.read(files, table: options.table, sourceLanguage: sourceLanguage)
    } catch {
      switch error {
      case .unreadable(let error): console.error(error.report(root: input.path))
      case .noTable(let available):
        let names = available.isEmpty ? "none" : available.joined(separator: ", ")
        console.error(
          "\(input.path): error: no <lang>.lproj/\(options.table).strings or .stringsdict "
            + "(tables there: \(names); choose one with --table)\n")
      }
      return ExitStatus.failure
    }
    Self.report(read.warnings, severity: "warning", root: input.path, console)
    if !read.input.tables.contains(where: { $0.language == sourceLanguage }) {
      console.error(
        "\(input.path): warning: no \(sourceLanguage).lproj or Base.lproj: the catalog's source "
          + "language \(sourceLanguage) has no values (see --source-language)\n")
    }
    // Entries a catalog cannot hold: all or nothing, or (--skip-unsafe) listed and left out.
    let made: LegacyImport.Output?
    let refused: [ImportIssue]
    switch LegacyImport.catalog(read.input, skippingUnsafe: options.skipUnsafe) {
    case .success(let output): (made, refused) = (output, read.unsupported + output.skipped)
    case .failure(let failure): (made, refused) = (nil, read.unsupported + failure.issues)
    }
    /// `refused` with `change` applied to each reason.
    func listed(_ change: (String) -> String) -> [ImportIssue] {
      refused.map { issue in
        var issue = issue
        issue.reason = change(issue.reason)
        return issue
      }
    }
    guard let output = made, refused.isEmpty || options.skipUnsafe else {
      let hint = "; --skip-unsafe imports the other entries"
      Self.report(listed { $0 + hint }, severity: "error", root: input.path, console)
      return ExitStatus.failure
    }
    Self.report(listed { "skipped: " + $0 }, severity: "warning", root: input.path, console)
    Self.report(output.droppedTexts, severity: "warning", root: input.path, console)
    let catalog = output.catalog
    if catalog.entries.isEmpty && !refused.isEmpty {
      console.error("\(input.path): error: nothing to import: every entry was refused\n")
      return ExitStatus.failure
    }
    // A catalog in Xcode's layout takes ~1.6× the bytes of the XML tables it is made from (171 MB
    // from the bench's 106 MB tree): twice their size sizes the writer's buffers so that they never
    // grow and copy (capacity not written to costs no memory).
    let sizeHint = 2 * files.reduce(0) { $0 + $1.bytes.count }
    let bytes = CatalogWriter.chunks(
      catalog, threads: ProcessInfo.processInfo.activeProcessorCount, sizeHint: sizeHint)
    do {
      try bytes.withChunks { (chunks) throws(OutputError) in
        try OutputFile.write(chunks: chunks, to: options.output)
      }
    } catch {
      console.error("\(options.output): error: cannot write file: \(error.message)\n")
      return ExitStatus.failure
    }
    console.keepUntilExit((read, output))
    let languages = read.input.tables.count
    let skipped =
      refused.isEmpty
      ? "" : "; \(refused.count) refused entr\(refused.count == 1 ? "y" : "ies") skipped"
    console.out(
      "\(options.output): \(catalog.entries.count) key\(catalog.entries.count == 1 ? "" : "s") "
        + "in \(languages) language\(languages == 1 ? "" : "s") from \(input.path)\(skipped)\n")
    return ExitStatus.success
  }

  /// The `<lang>.lproj/<Table>.strings|.stringsdict` files of a folder or release zip, relative
  /// to it (a zip's entries checked as the SDK checks them); nil when they cannot be read (the
  /// reason is printed).
  static func tableFiles(of input: Input, console: Console) -> [ArchiveEntry]? {
    let path = input.path
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      console.error("\(path): error: no such file or directory\n")
      return nil
    }
    do {
      if isDirectory.boolValue { return try Release.files(in: path) }
      guard let data = SourceText.bytes(atPath: path) else {
        console.error("\(path): error: cannot read file\n")
        return nil
      }
      return try ReleaseZip.entries(data)
    } catch {
      console.error(error.report(root: path))
      return nil
    }
  }

  /// Prints `issues` as `ROOT/FILE: SEVERITY: REASON (LANG: KEY)` lines.
  static func report(_ issues: [ImportIssue], severity: String, root: String, _ console: Console) {
    guard !issues.isEmpty else { return }
    console.error(
      issues.map { issue in
        let file = issue.file.map { root + ($0.hasPrefix("/") ? "" : "/") + $0 } ?? root
        let place = Diagnostic(.error, "", language: issue.language, key: issue.key)
        return "\(file): \(severity): \(issue.reason)\(place.contextSuffix)\n"
      }.joined())
  }
}
