/// What the column summary counts as a date: text that starts `YYYY-MM-DD` and that SQLite's
/// `julianday()` reads (an ISO 8601 date, or a date and time: `2024-03-01`,
/// `2024-03-01 12:30`, `2024-03-01T12:30:45.5Z`, `2024-03-01 12:30:00+02:00`). Numbers are never
/// dates (a Unix time is a number like any other), nor are times without a date.
///
/// Dates are measured as Julian day numbers (``julianDay``, from SQLite), and a mean is written
/// back as a date, with its time when the dates have times (``text(julianDay:withTime:)``).
enum DateText {
    /// Whether `bytes` (UTF-8 text) start like an ISO date: four digits, `-`, two, `-`, two.
    static func hasDateShape(_ bytes: some Collection<UInt8>) -> Bool {
        guard bytes.count >= 10 else {
            return false
        }
        for (index, byte) in bytes.prefix(10).enumerated() {
            let isDash = index == 4 || index == 7
            if isDash ? byte != UInt8(ascii: "-") : !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                return false
            }
        }
        return true
    }

    /// The Julian day of 1970-01-01 00:00 UTC.
    private static let unixEpoch = 2_440_587.5

    /// The date (and time, to the second, when `withTime`) a Julian day number stands for, as
    /// SQLite's `date()` and `datetime()` write it; nil outside the years 0000 to 9999.
    static func text(julianDay: Double, withTime: Bool) -> String? {
        guard julianDay.isFinite else {
            return nil
        }
        let seconds = ((julianDay - unixEpoch) * 86_400).rounded()
        guard abs(seconds) < 400_000_000_000 else {
            return nil
        }
        let whole = Int(seconds)
        let days = Int((Double(whole) / 86_400).rounded(.down))
        let secondOfDay = whole - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        guard (0...9999).contains(year) else {
            return nil
        }
        let date = pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
        guard withTime else {
            return date
        }
        return date + " " + pad(secondOfDay / 3600, 2) + ":" + pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2)
    }

    /// The proleptic Gregorian date `days` days after 1970-01-01 (Howard Hinnant's algorithm).
    private static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
