import Foundation

/// The `Retry-After` header (RFC 9110 §10.2.3): delay-seconds or an IMF-fixdate.
public enum RetryAfter {
  /// The delay in seconds that `value` asks for, relative to `now`; `nil` when the value is neither
  /// form. A date in the past gives 0.
  public static func seconds(_ value: String, now: Date) -> TimeInterval? {
    let text = value.trimmingCharacters(in: .whitespaces)
    if !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
    {
      return TimeInterval(text) ?? .greatestFiniteMagnitude
    }
    guard let date = imfFixdate().date(from: text) else { return nil }
    return max(0, date.timeIntervalSince(now))
  }

  /// `date` as an IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`).
  public static func format(_ date: Date) -> String {
    imfFixdate().string(from: date)
  }

  /// A formatter for IMF-fixdates (made per use: `DateFormatter` is not `Sendable`).
  private static func imfFixdate() -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    return formatter
  }
}
