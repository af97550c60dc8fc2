/// An XML property list around `body` with Apple's prolog, as UTF-8 bytes.
public func plistDocument(_ body: String) -> [UInt8] {
  Array(
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" \
    "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    \(body)
    </plist>

    """.utf8)
}
