import LHCBase

/// An MS-DOS date and time as zip headers store them, computed in UTC.
struct DOSTime: Equatable {
  /// `hour << 11 | minute << 5 | second / 2`.
  var time: UInt16
  /// `(year - 1980) << 9 | month << 5 | day`.
  var date: UInt16

  /// 1980-01-01T00:00:00Z, the earliest DOS time.
  static let earliest = 315_532_800
  /// 2038-01-19T03:14:06Z: the latest even second the `UT` extra field (a signed 32-bit Unix
  /// time) holds; DOS times would go on to 2107.
  static let latest = 2_147_483_646

  /// `seconds` since 1970, clamped to ``earliest``…``latest``.
  static func clamp(_ seconds: Int) -> Int {
    min(max(seconds, earliest), latest)
  }

  /// The fields as a header stores them.
  init(time: UInt16, date: UInt16) {
    self.time = time
    self.date = date
  }

  /// The UTC date and time of `seconds` since 1970, clamped to ``earliest``…``latest``.
  init(unixTime seconds: Int) {
    let clamped = Self.clamp(seconds)
    let days = clamped / 86_400
    let secondOfDay = clamped % 86_400
    let (year, month, day) = CivilDate.civil(fromDays: days)
    // Swift's `<<` binds tighter than `/`: every part is parenthesised.
    let (hour, minute, second) = (secondOfDay / 3600, secondOfDay % 3600 / 60, secondOfDay % 60)
    time = UInt16((hour << 11) | (minute << 5) | (second / 2))
    date = UInt16(((year - 1980) << 9) | (month << 5) | day)
  }
}
