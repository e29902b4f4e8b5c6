import FoundationEssentials

/// PostgreSQL's ISO text form of `timestamptz`, `timestamp` and `date` values (the server's default
/// `DateStyle`, ISO), read into and written from `Date`, exact to the microsecond the server keeps.
///
/// Read: `2024-01-02`, `2024-01-02 03:04:05`, `2024-01-02 03:04:05.5+00`, `… -03:30`, `… +05:45:10`
/// (a `timestamp` without a zone is taken as UTC), a year before 1 as PostgreSQL writes it
/// (`0044-03-15 BC` is the year -43: there is no year 0). Written: UTC with six fraction digits and
/// `+00` (and ` BC` before the year 1), which every column of these types accepts.
public enum PGTimestampText {
    /// The instant `text` names, nil when it is not in the ISO form (`infinity`, or a
    /// `DateStyle` other than ISO).
    public static func date(_ text: String) -> Date? {
        var bytes = Array(text.utf8)
        let isBeforeYearOne = bytes.count > 3 && bytes.suffix(3).elementsEqual(" BC".utf8)
        if isBeforeYearOne {
            bytes.removeLast(3)
        }
        var scanner = Scanner(bytes)
        guard let writtenYear = scanner.digits(4, orMore: true), scanner.skip("-"), let month = scanner.digits(2),
              scanner.skip("-"), let day = scanner.digits(2), (1...12).contains(month), (1...31).contains(day),
              !isBeforeYearOne || writtenYear > 0
        else {
            return nil
        }
        let year = isBeforeYearOne ? 1 - writtenYear : writtenYear
        var seconds = Double(daysFromCivil(year: year, month: month, day: day)) * 86_400
        if scanner.isAtEnd {
            return Date(timeIntervalSince1970: seconds)
        }
        guard scanner.skip(" ") || scanner.skip("T"), let hour = scanner.digits(2), scanner.skip(":"),
              let minute = scanner.digits(2), scanner.skip(":"), let second = scanner.digits(2),
              hour <= 24, minute < 60, second < 61
        else {
            return nil
        }
        var microseconds = 0
        if scanner.skip(".") {
            var digits = 0
            while let digit = scanner.digit() {
                if digits < 6 {
                    microseconds = microseconds * 10 + digit
                }
                digits += 1
            }
            guard digits > 0 else { return nil }
            for _ in digits..<max(digits, 6) {
                microseconds *= 10
            }
        }
        seconds += Double(hour * 3600 + minute * 60 + second)
        if let sign = scanner.sign() {
            guard let offsetHours = scanner.digits(2) else { return nil }
            var offset = offsetHours * 3600
            if scanner.skip(":") {
                guard let offsetMinutes = scanner.digits(2) else { return nil }
                offset += offsetMinutes * 60
                if scanner.skip(":") {
                    guard let offsetSeconds = scanner.digits(2) else { return nil }
                    offset += offsetSeconds
                }
            }
            seconds -= Double(sign * offset)
        }
        guard scanner.isAtEnd else {
            return nil
        }
        return Date(timeIntervalSince1970: seconds + Double(microseconds) / 1_000_000)
    }

    /// `date` as the server reads it: UTC, six fraction digits, `+00` (rounded to the microsecond),
    /// a year before 1 written as the server writes it (`0044-03-15 00:00:00.000000+00 BC`).
    /// `Date`'s infinities are `infinity` and `-infinity`, as PostgreSQL's; an instant no 64-bit
    /// count of microseconds holds (NaN, 1e300 seconds) is its seconds in words, which the
    /// server refuses, naming them.
    public static func text(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        guard let micro = Int64(exactly: (seconds * 1_000_000).rounded()) else {
            if seconds.isInfinite { return seconds < 0 ? "-infinity" : "infinity" }
            return "\(seconds) seconds since 1970"
        }
        let (secondsTotal, fraction) = micro.quotientAndRemainder(dividingBy: 1_000_000)
        let adjustedSeconds = fraction < 0 ? secondsTotal - 1 : secondsTotal
        let adjustedFraction = fraction < 0 ? fraction + 1_000_000 : fraction
        let (days, secondOfDayRaw) = adjustedSeconds.quotientAndRemainder(dividingBy: 86_400)
        let day = secondOfDayRaw < 0 ? days - 1 : days
        let secondOfDay = secondOfDayRaw < 0 ? secondOfDayRaw + 86_400 : secondOfDayRaw
        let (year, month, dayOfMonth) = civil(fromDays: day)
        let writtenYear = year > 0 ? year : 1 - year
        return padded(writtenYear, 4) + "-" + padded(month, 2) + "-" + padded(dayOfMonth, 2) + " "
            + padded(secondOfDay / 3600, 2) + ":" + padded(secondOfDay / 60 % 60, 2) + ":" + padded(secondOfDay % 60, 2)
            + "." + padded(adjustedFraction, 6) + "+00" + (year > 0 ? "" : " BC")
    }

    /// `value` (not negative) in decimal, zeros before it to make `width` digits.
    private static func padded(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count < width ? String(repeating: "0", count: width - digits.count) + digits : digits
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`;
    /// year 0 is 1 BC).
    public static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a day counted from 1970-01-01 (`civil_from_days`).
    static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Reads ASCII digits and signs from the front of a byte array.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
        }

        var isAtEnd: Bool { index == bytes.count }

        mutating func skip(_ character: Character) -> Bool {
            guard index < bytes.count, let ascii = character.asciiValue, bytes[index] == ascii else {
                return false
            }
            index += 1
            return true
        }

        mutating func digit() -> Int? {
            guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else {
                return nil
            }
            defer { index += 1 }
            return Int(bytes[index] - UInt8(ascii: "0"))
        }

        /// Exactly `count` digits, or at least `count` when `orMore`.
        mutating func digits(_ count: Int, orMore: Bool = false) -> Int? {
            var value = 0
            var read = 0
            while read < count || orMore, read < 9, let digit = digit() {
                value = value * 10 + digit
                read += 1
            }
            return read >= count ? value : nil
        }

        /// `+1` or `-1` for a sign, nil for anything else.
        mutating func sign() -> Int? {
            if skip("+") { return 1 }
            if skip("-") { return -1 }
            return nil
        }
    }
}
