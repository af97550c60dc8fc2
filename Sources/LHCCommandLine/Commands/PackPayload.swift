import Foundation
import LHCBase
import OTAPayloads
import ReleaseArchive
import ReleaseFiles
import StringTables

/// `lhc pack --target tolgee|rerune|better-i18n`: the payload of another over-the-air SDK, written
/// to a folder (each file atomically, only when its bytes change) or, when the output ends in
/// `.zip`, to one reproducible zip. Keys the target cannot represent are reported one by one.
struct PackPayload {
  let command: PackCommand
  let target: OTATarget

  func run(_ inputs: PackInputs, printer: DiagnosticPrinter, console: Console) -> Int32 {
    guard let tables = tables(inputs, console: console) else { return ExitStatus.failure }
    var options = command.payloadOptions
    options.sourceLanguage = options.sourceLanguage ?? inputs.sourceLanguage
    let payload: Payload
    do {
      payload = try PayloadBuilder.build(target, tables: tables, options: options)
    } catch {
      console.error("\(command.output): error: \(error)\n")
      return ExitStatus.failure
    }
    let skipped = payload.skipped.map { entry in
      Diagnostic.warning(
        "\(entry.table): not in the \(target.rawValue) payload: \(entry.reason)",
        language: entry.language, key: entry.key)
    }
    if printer.print(skipped, path: command.output, source: nil) { return ExitStatus.failure }
    do {
      try write(payload)
    } catch {
      console.error("\(error.path): error: cannot write file: \(error.message)\n")
      return ExitStatus.failure
    }
    let keys = Set(tables.flatMap { $0.strings.keys + $0.rules.keys }).count
    console.out(
      "\(command.output): \(target.rawValue) payload, \(payload.files.count) files, "
        + "\(keys) keys, \(payload.skipped.count) skipped\n")
    return ExitStatus.success
  }

  /// The tables to convert: the compiled catalogs, or the `--from` folder read back.
  private func tables(_ inputs: PackInputs, console: Console) -> [StringTable]? {
    if let tables = inputs.tables { return tables }
    guard let folder = command.folder else { return [] }
    do {
      return try Release.read(directory: folder).tables.filter {
        command.options.languages?.contains($0.language) ?? true
      }
    } catch {
      console.error(error.report(root: folder))
      return nil
    }
  }

  private func write(_ payload: Payload) throws(OutputError) {
    if command.output.hasSuffix(".zip") {
      let entries = payload.files.map { ZipEntry(path: $0.path, bytes: $0.bytes) }
      let archive: WrittenZip
      do {
        archive = try ZipWriter.archive(entries, modificationTime: command.modificationTime)
      } catch {
        throw OutputError(path: command.output, message: "\(error)")
      }
      try OutputFile.write(archive.bytes, to: command.output)
      return
    }
    try OutputFile.writeAll(
      payload.files.map { ($0.bytes, command.output + "/" + $0.path) }, below: command.output)
  }
}
