import Foundation

// Planted fixed date formats: shown ones, and machine and parsing ones.

enum Dates {
  static func shown(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.dateFormat = "MMM d, yyyy"  // expect: source-fixed-date-format
    return formatter.string(from: date)
  }

  static func shownInTheUsersLocale(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = .current
    formatter.dateFormat = "HH:mm"  // expect: source-fixed-date-format
    return formatter.string(from: date)
  }

  /// Shown from another file (Joined.swift).
  static let header: DateFormatter = {
    let formatter = DateFormatter()
    formatter.dateFormat = "d MMMM"  // expect: source-fixed-date-format
    return formatter
  }()

  static func parsed(_ text: String) -> Date? {
    let formatter = DateFormatter()
    formatter.dateFormat = "dd.MM.yyyy"
    return formatter.date(from: text)
  }

  static let posix: DateFormatter = {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "EEE, d MMM yyyy"
    return formatter
  }()

  static func machine(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ssZ"
    return formatter.string(from: date) + posix.string(from: date)
  }

  static func fileName(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.dateFormat = "yyyyMMdd-HHmmss"
    return "export-\(formatter.string(from: date)).log"
  }

  static func template(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.setLocalizedDateFormatFromTemplate("MMMd")
    return formatter.string(from: date) + date.formatted(date: .abbreviated, time: .omitted)
  }
}
