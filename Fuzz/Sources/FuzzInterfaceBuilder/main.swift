import FuzzSupport
import InterfaceBuilderStrings

/// The Interface Builder reader on arbitrary bytes (what `lhc extract` reads from a project):
/// libxml2 without network, DTD or entities, a depth limit. Every input is read or refused with
/// an offset inside it; what it reads is the same twice, and every string has a key made of an
/// object id and a property, a comment naming its class and object, and an offset at a start tag.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let first: [String]
  do {
    let strings = try InterfaceBuilderStrings.extract(bytes, table: "Fuzz")
    for string in strings {
      precondition(string.offset >= 0 && string.offset < size, "offset outside the input")
      precondition(bytes[string.offset] == UInt8(ascii: "<"), "offset not at a start tag")
      precondition(
        string.key.contains(".") && !string.key.hasPrefix("."), "key without id or property")
      precondition(string.value?.isEmpty == false, "an empty string")
      let comment = string.comment ?? ""
      precondition(
        comment.hasPrefix("Class = \"") && comment.contains("; ObjectID = \""),
        "comment without its class or object")
    }
    first = strings.map { "\($0.key)=\($0.value ?? "")|\($0.comment ?? "")" }
  } catch {
    precondition(error.offset >= 0 && error.offset <= size, "error offset outside the input")
    precondition(!error.message.isEmpty, "an error without a message")
    return 0
  }
  let second = try? InterfaceBuilderStrings.extract(bytes, table: "Fuzz").map {
    "\($0.key)=\($0.value ?? "")|\($0.comment ?? "")"
  }
  precondition(second == first, "two reads differ")
  return 0
}

runFuzzer(testOneInput)
