import ORMCore

/// The order of PostgreSQL's `interval` values kept as text in reef's copy of a statement's
/// results (``ResultStore``): by length of time, as the server compares them (a month as 30
/// days, a day as 24 hours), where SQLite would order the texts byte by byte (`10 days` before
/// `2 days`, `1 day` before `10:00:00`).
///
/// It reads the server's own form (`IntervalStyle` `postgres`: `1 year 2 mons -3 days +04:05:06.5`,
/// `100:00:00`) and the words a filter is typed with (`'2 hours'`, `'1 week 3 days'`,
/// `'90 min'`, `'45 s'`): `f age > '1 hour'` compares by time. A text of neither form comes
/// after every interval, byte by byte.
enum IntervalTextOrder {
    /// The collation's name, as store columns declare it.
    static let name = "reef_interval"

    /// The collation, registered on the store's connections.
    static let collation = SQLCollation(name) { compare($0, $1) }

    /// Negative when `left` comes before `right`, zero when they are equal, positive otherwise.
    static func compare(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Int {
        StoreTextOrders.compare(left, right, read: Span.init) { $0 == $1 ? 0 : ($0 < $1 ? -1 : 1) }
    }

    /// A length of time as whole days and the microseconds of the day beyond them (from 0 up
    /// to a day), so that no realistic interval overflows.
    struct Span: Comparable {
        private(set) var days: Int64 = 0
        private(set) var micros: Int64 = 0

        static let dayMicros: Int64 = 86_400_000_000

        static func < (lhs: Span, rhs: Span) -> Bool {
            (lhs.days, lhs.micros) < (rhs.days, rhs.micros)
        }

        /// The span `text` writes, or nil when it is not an interval of a form read here.
        init?(_ text: UnsafeRawBufferPointer) {
            var words = Words(text: text)
            var days: Int64 = 0
            var micros: Int64 = 0
            var sawAny = false
            while let word = words.next() {
                sawAny = true
                if let time = Self.clock(word) {
                    micros = micros &+ time
                    continue
                }
                guard let amount = Self.number(word), let unit = words.next(), let scale = Self.unit(unit) else {
                    return nil
                }
                switch scale {
                case .days(let count):
                    // A fraction in millionths of the unit: 86,400 microseconds a millionth of a day.
                    days = days &+ amount.whole &* count
                    micros = micros &+ amount.fraction &* count &* 86_400
                case .micros(let count):
                    micros = micros &+ amount.whole &* count &+ amount.fraction &* count / 1_000_000
                }
            }
            guard sawAny else { return nil }
            // Whole days out of the microseconds, the rest in [0, a day).
            days = days &+ micros / Self.dayMicros
            micros %= Self.dayMicros
            if micros < 0 {
                micros += Self.dayMicros
                days -= 1
            }
            self.days = days
            self.micros = micros
        }

        /// What a unit word multiplies: days (a month is 30, as PostgreSQL compares them) or
        /// microseconds.
        enum Scale {
            case days(Int64)
            case micros(Int64)
        }

        private static let units: [(words: [StaticString], scale: Scale)] = [
            (["year", "years", "y", "yr", "yrs"], .days(360)),
            (["mon", "mons", "month", "months"], .days(30)),
            (["week", "weeks", "w"], .days(7)),
            (["day", "days", "d"], .days(1)),
            (["hour", "hours", "h", "hr", "hrs"], .micros(3_600_000_000)),
            (["min", "mins", "minute", "minutes", "m"], .micros(60_000_000)),
            (["sec", "secs", "second", "seconds", "s"], .micros(1_000_000)),
            (["ms", "millisecond", "milliseconds"], .micros(1_000)),
        ]

        private static func unit(_ word: UnsafeRawBufferPointer) -> Scale? {
            units.first { $0.words.contains { StoreTextOrders.matches(word, $0) } }?.scale
        }

        /// A signed number with at most six decimals: its whole part and its fraction in millionths
        /// (both with the number's sign).
        private static func number(_ word: UnsafeRawBufferPointer) -> (whole: Int64, fraction: Int64)? {
            var index = 0
            var negative = false
            if index < word.count, word[index] == UInt8(ascii: "-") || word[index] == UInt8(ascii: "+") {
                negative = word[index] == UInt8(ascii: "-")
                index += 1
            }
            var whole: Int64 = 0
            var fraction: Int64 = 0
            var digits = 0
            var places = 0
            var pointSeen = false
            while index < word.count {
                let byte = word[index]
                if byte == UInt8(ascii: ".") && !pointSeen {
                    pointSeen = true
                } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                    digits += 1
                    if pointSeen {
                        if places < 6 {
                            fraction = fraction * 10 + Int64(byte - UInt8(ascii: "0"))
                            places += 1
                        }
                    } else {
                        guard whole < Int64.max / 10 - 9 else { return nil }
                        whole = whole * 10 + Int64(byte - UInt8(ascii: "0"))
                    }
                } else {
                    return nil
                }
                index += 1
            }
            guard digits > 0 else { return nil }
            for _ in places..<6 { fraction *= 10 }
            return negative ? (-whole, -fraction) : (whole, fraction)
        }

        /// `[+-]H:MM:SS[.ffffff]` (hours of any size) or `[+-]H:MM` in microseconds, nil otherwise.
        private static func clock(_ word: UnsafeRawBufferPointer) -> Int64? {
            var index = 0
            var negative = false
            if index < word.count, word[index] == UInt8(ascii: "-") || word[index] == UInt8(ascii: "+") {
                negative = word[index] == UInt8(ascii: "-")
                index += 1
            }
            var parts: (Int64, Int64, Int64) = (0, 0, 0)
            var count = 0  // the parts ended so far
            var current: Int64 = 0
            var digits = 0
            var fraction: Int64 = 0
            var places = 0
            var inFraction = false
            while index < word.count {
                let byte = word[index]
                if byte == UInt8(ascii: ":") && !inFraction {
                    guard digits > 0, count < 2 else { return nil }
                    if count == 0 { parts.0 = current } else { parts.1 = current }
                    count += 1
                    current = 0
                    digits = 0
                } else if byte == UInt8(ascii: ".") && !inFraction && count == 2 {
                    inFraction = true
                } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                    if inFraction {
                        if places < 6 {
                            fraction = fraction * 10 + Int64(byte - UInt8(ascii: "0"))
                            places += 1
                        }
                    } else {
                        guard current < 100_000_000_000 else { return nil }
                        current = current * 10 + Int64(byte - UInt8(ascii: "0"))
                        digits += 1
                    }
                } else {
                    return nil
                }
                index += 1
            }
            guard count > 0, digits > 0 else { return nil }
            if count == 1 { parts.1 = current } else { parts.2 = current }
            for _ in places..<6 { fraction *= 10 }
            let total = (parts.0 * 3_600 + parts.1 * 60 + parts.2) * 1_000_000 + fraction
            return negative ? -total : total
        }
    }

    /// The words of a text, split at spaces, as slices of its bytes.
    struct Words {
        let text: UnsafeRawBufferPointer
        var index = 0

        mutating func next() -> UnsafeRawBufferPointer? {
            while index < text.count, text[index] == UInt8(ascii: " ") { index += 1 }
            guard index < text.count else { return nil }
            let start = index
            while index < text.count, text[index] != UInt8(ascii: " ") { index += 1 }
            return UnsafeRawBufferPointer(rebasing: text[start..<index])
        }
    }
}
