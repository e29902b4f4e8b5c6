import ORMCore
import PostgresClient

/// The order of PostgreSQL's `date`, `timestamp` and `timestamptz` kept as text in reef's copy of
/// a statement's results (``ResultStore``): by the instant, as the server orders them, where
/// SQLite would order the texts byte by byte (`0044-03-15 BC` after `2024-01-01`, `10000-01-01`
/// before `2024-01-01`, `-infinity` anywhere, and two texts of one instant in different offsets
/// apart).
///
/// A text reads in the server's ISO style: `-infinity`, `infinity`, or a date of four or more
/// digits of year (`2024-03-15`), an optional time (`10:30`, `10:30:00.25`, after a space or `T`),
/// an optional offset from UTC (`+05:30`, `-04`), an optional ` BC`. An instant with an offset is
/// compared in UTC; one without (a `date`, a `timestamp`, a filter's `'2024-01-01'`) as if in UTC.
/// A text that reads as none of these comes after every instant, byte by byte.
enum DateTimeTextOrder {
    /// The collation's name, as store columns declare it.
    static let name = "reef_datetime"

    /// The collation, registered on the store's connections.
    static let collation = SQLCollation(name) { compare($0, $1) }

    /// An instant: `-infinity` and `infinity` around the days since 1970-01-01 and microseconds
    /// into the day (in UTC).
    struct Instant: Comparable {
        /// -1 for `-infinity`, 1 for `infinity`, 0 for a day.
        let infinity: Int
        let day: Int64
        let microsecond: Int64

        static func < (a: Instant, b: Instant) -> Bool {
            (a.infinity, a.day, a.microsecond) < (b.infinity, b.day, b.microsecond)
        }
    }

    /// Negative when `left` comes before `right`, zero when they are equal, positive otherwise.
    static func compare(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Int {
        StoreTextOrders.compare(left, right, read: instant) { $0 == $1 ? 0 : ($0 < $1 ? -1 : 1) }
    }

    /// The instant `text` writes, nil when it writes none.
    static func instant(_ text: UnsafeRawBufferPointer) -> Instant? {
        if StoreTextOrders.matches(text, "infinity") { return Instant(infinity: 1, day: 0, microsecond: 0) }
        if StoreTextOrders.matches(text, "-infinity") { return Instant(infinity: -1, day: 0, microsecond: 0) }
        var reader = Reader(bytes: text)
        guard let year = reader.number(minDigits: 4, maxDigits: 9), reader.skip("-"),
              let month = reader.number(minDigits: 1, maxDigits: 2), reader.skip("-"),
              let day = reader.number(minDigits: 1, maxDigits: 2), (1...12).contains(month), (1...31).contains(day) else {
            return nil
        }
        var microsecond: Int64 = 0
        let beforeTime = reader.index
        if reader.skip(" ") || reader.skip("T"), let time = reader.time() {
            microsecond = time
            if let sign = reader.sign() {
                guard let offset = reader.time(minutesOptional: true) else { return nil }
                microsecond -= sign * offset
            }
        } else {
            reader.index = beforeTime  // a date alone, perhaps ` BC`
        }
        var isBC = false
        if reader.skip(" ") {
            guard StoreTextOrders.matches(text, from: reader.index, "BC") else { return nil }
            isBC = true
            reader.index = text.count
        }
        guard reader.index == text.count else { return nil }
        var days = Int64(PGTimestampText.daysFromCivil(year: Int(isBC ? 1 - year : year), month: Int(month), day: Int(day)))
        days += microsecond >= 0 ? microsecond / dayMicroseconds : (microsecond - dayMicroseconds + 1) / dayMicroseconds
        let remainder = ((microsecond % dayMicroseconds) + dayMicroseconds) % dayMicroseconds
        return Instant(infinity: 0, day: days, microsecond: remainder)
    }

    private static let dayMicroseconds: Int64 = 86_400_000_000

    /// Reads a text's parts from its start.
    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var index = 0

        /// Skips `character` when it comes next.
        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        /// A run of digits, nil when it is shorter or longer than asked.
        mutating func number(minDigits: Int, maxDigits: Int) -> Int64? {
            var value: Int64 = 0
            let start = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9"), index - start < maxDigits {
                value = value * 10 + Int64(bytes[index] - UInt8(ascii: "0"))
                index += 1
            }
            return index - start >= minDigits ? value : nil
        }

        /// 1 for `+`, -1 for `-`, nil for anything else (nothing read).
        mutating func sign() -> Int64? {
            if skip("+") { return 1 }
            return skip("-") ? -1 : nil
        }

        /// `hh:mm[:ss[.ffffff]]` as microseconds (`hh[:mm[:ss]]` for an offset).
        mutating func time(minutesOptional: Bool = false) -> Int64? {
            guard let hours = number(minDigits: 1, maxDigits: 2) else { return nil }
            var minutes: Int64 = 0
            var seconds: Int64 = 0
            var fraction: Int64 = 0
            if skip(":") {
                guard let read = number(minDigits: 2, maxDigits: 2) else { return nil }
                minutes = read
                if skip(":") {
                    guard let read = number(minDigits: 2, maxDigits: 2) else { return nil }
                    seconds = read
                    if skip(".") {
                        let start = index
                        guard let digits = number(minDigits: 1, maxDigits: 6) else { return nil }
                        fraction = digits
                        for _ in (index - start)..<6 { fraction *= 10 }
                    }
                }
            } else if !minutesOptional {
                return nil
            }
            return ((hours * 60 + minutes) * 60 + seconds) * 1_000_000 + fraction
        }
    }
}
