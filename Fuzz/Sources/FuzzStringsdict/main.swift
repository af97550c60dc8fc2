import FuzzSupport
import LHCPlist
import StringTables

@testable import ReleaseFiles

/// Rebuilds the dictionaries-and-strings events of ``PlistReader/readDictionaries(_:into:)`` as
/// the root entries ``PlistReader/rootEntries(_:)`` gives (inner dictionaries last key wins).
final class Recorder: PlistDictionaryHandler {
  var open: [(entries: [(key: String, value: PlistValue)], key: String?)] = []
  var root: [(key: String, value: PlistValue)]?
  var key: String?

  func beginDictionary() -> Bool {
    open.append(([], key))
    key = nil
    return true
  }

  func endDictionary() -> Bool {
    guard let (entries, parentKey) = open.popLast() else { return false }
    guard let top = open.indices.last else {
      root = entries
      return true
    }
    var dictionary: [String: PlistValue] = [:]
    for (key, value) in entries { dictionary[key] = value }
    open[top].entries.append((parentKey ?? "", .dictionary(dictionary)))
    return true
  }

  func key(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    key = String(decoding: text, as: UTF8.self)
    return true
  }

  func string(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let top = open.indices.last, let key else { return false }
    open[top].entries.append((key, .string(String(decoding: text, as: UTF8.self))))
    self.key = nil
    return true
  }
}

/// The `.stringsdict` reader's two paths on arbitrary bytes. Where the dictionary events accept
/// a document, the full property-list reader reads the same root entries; where the fast path
/// (``StringsdictEventBuilder``) reads a file, the full path (`PlistValue` tree and
/// ``StringsdictDecoder``) reads the same table with no warning; the reader (fast path, else
/// full) gives the full path's result. A thrown error is fine; a crash, hang, ASan report or a
/// disagreement is not.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = fuzzBytes(data, size)
  let recorder = Recorder()
  if PlistReader.readDictionaries(bytes, into: recorder) {
    let entries = try? PlistReader.rootEntries(bytes)
    precondition(entries != nil, "the events accepted a document the reader refuses")
    precondition(
      entries!.map(\.key) == recorder.root!.map(\.key)
        && entries!.map(\.value) == recorder.root!.map(\.value),
      "the events and the reader disagree")
  }
  let path = "de.lproj/Localizable.stringsdict"
  let fast = StringsdictEventBuilder.entries(bytes)
  let full = Result { () throws(ReleaseArchiveError) in
    try TableFileReader.decodedStringsdict(path: path, bytes: bytes)
  }
  let read = Result { () throws(ReleaseArchiveError) in
    try TableFileReader.read(path: path, bytes: bytes)
  }
  switch (full, read) {
  case (.success(let full), .success(let read)):
    precondition(read.table.rules == full.rules && read.warnings == full.warnings, "paths differ")
    if let fast {
      precondition(full.warnings.isEmpty, "the fast path read an entry the decoder refuses")
      precondition(
        KeyedValues(keysKeepingLast: fast.keys, values: fast.entries) == full.rules,
        "the fast path's entries differ")
    }
  case (.failure(let fullError), .failure(let readError)):
    precondition(readError == fullError && fast == nil, "errors differ")
  default: preconditionFailure("the reader and the full path disagree")
  }
  // Without values (`lhc pack`'s read-back): the same keys, warnings and errors.
  precondition(
    StringsdictEventBuilder.entries(bytes, values: false)?.keys == fast?.keys,
    "the fast path's keys differ without values")
  let keysOnly = Result { () throws(ReleaseArchiveError) in
    try TableFileReader.readKeys(path: path, bytes: bytes)
  }
  switch (read, keysOnly) {
  case (.success(let read), .success(let keysOnly)):
    precondition(
      keysOnly.keys.strings == read.table.rules.keys && keysOnly.warnings == read.warnings,
      "reading without values differs")
  case (.failure(let readError), .failure(let keysOnlyError)):
    precondition(keysOnlyError == readError, "errors differ without values")
  default: preconditionFailure("reading without values disagrees")
  }
  return 0
}

runFuzzer(testOneInput)
