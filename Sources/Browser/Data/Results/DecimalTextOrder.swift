import ORMCore

/// The order of exact decimals kept as text (PostgreSQL's `numeric` in reef's copy of a
/// statement's results, ``ResultStore``): by value, as PostgreSQL orders them, where SQLite would
/// order the texts byte by byte (`229.00` before `4.99`).
///
/// A store column declared `TEXT COLLATE reef_decimal` sorts, groups, takes its `min` and `max`
/// and compares by this order; and as its affinity is TEXT, a number it is compared with
/// (`price > 20`) is made text first and compared by value too, where a column without a type
/// would place every number before every text. Values stay the text the server sent (`49.90`,
/// its scale kept), for the grid, copies and exports.
///
/// The order: `-Infinity`, the finite values by value (`-0` equals `0`, `12.0` equals `12.00`,
/// an exponent such as SQLite's `1.0e+20` read), `Infinity`, `NaN` (PostgreSQL places NaN above
/// every number), then any text that is not a number, byte by byte.
enum DecimalTextOrder {
    /// The collation's name, as store columns declare it.
    static let name = "reef_decimal"

    /// The collation, registered on the store's connections.
    static let collation = SQLCollation(name) { compare($0, $1) }

    /// Negative when `left` comes before `right`, zero when they are equal, positive otherwise.
    static func compare(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Int {
        if let answer = comparePlain(left, right) {
            return answer
        }
        let a = Decimal(left), b = Decimal(right)
        if a.rank != b.rank {
            return a.rank < b.rank ? -1 : 1
        }
        switch a.rank {
        case .finite:
            return compareFinite(a, b)
        case .notANumber:
            return StoreTextOrders.compareBytes(left, right)
        default:
            return 0
        }
    }

    /// The common case, as PostgreSQL writes a `numeric`, in one pass and no parse: two texts of
    /// the same sign, digits and at most one point, no leading zero (`0.5` aside). Their integer
    /// parts' lengths order them; equal lengths align their points, so their bytes do, and the
    /// longer one's rest is greater only where it holds a digit that is not zero. Nil otherwise.
    private static func comparePlain(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Int? {
        guard let a = plainShape(left), let b = plainShape(right), a.isNegative == b.isNegative, !a.isZero, !b.isZero else {
            return nil
        }
        var magnitude: Int
        if a.integerDigits != b.integerDigits {
            magnitude = a.integerDigits < b.integerDigits ? -1 : 1
        } else {
            magnitude = 0
            let sign = a.isNegative ? 1 : 0
            var index = sign
            let common = min(left.count, right.count)
            while index < common, left[index] == right[index] { index += 1 }
            if index < common {
                // A point against a digit cannot happen here: the points are aligned.
                magnitude = left[index] < right[index] ? -1 : 1
            } else if left.count != right.count {
                let (longer, sign) = left.count > right.count ? (left, 1) : (right, -1)
                for rest in common..<longer.count where longer[rest] != UInt8(ascii: "0") && longer[rest] != UInt8(ascii: ".") {
                    magnitude = sign
                    break
                }
            }
        }
        return a.isNegative ? -magnitude : magnitude
    }

    /// A text's sign, the number of digits before its point and whether every digit is zero, when
    /// it has the plain shape ``comparePlain(_:_:)`` takes.
    private static func plainShape(_ text: UnsafeRawBufferPointer) -> (isNegative: Bool, integerDigits: Int, isZero: Bool)? {
        let count = text.count
        var index = 0
        let isNegative = count > 0 && text[0] == UInt8(ascii: "-")
        if isNegative { index = 1 }
        let first = index
        var integerDigits = 0
        var isZero = true
        var pointSeen = false
        while index < count {
            let byte = text[index]
            if byte == UInt8(ascii: ".") {
                guard !pointSeen, integerDigits > 0 else { return nil }
                pointSeen = true
            } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                if byte != UInt8(ascii: "0") { isZero = false }
                if !pointSeen { integerDigits += 1 }
            } else {
                return nil
            }
            index += 1
        }
        // A leading zero only as the whole integer part (`0.5`), and a point not last.
        guard integerDigits > 0, text[first] != UInt8(ascii: "0") || integerDigits == 1, text[count - 1] != UInt8(ascii: ".") else {
            return nil
        }
        return (isNegative, integerDigits, isZero)
    }

    /// Two finite values by value: sign, then the place of the first significant digit, then the
    /// digits one by one.
    private static func compareFinite(_ a: Decimal, _ b: Decimal) -> Int {
        if a.isZero || b.isZero {
            let signA = a.isZero ? 0 : (a.isNegative ? -1 : 1)
            let signB = b.isZero ? 0 : (b.isNegative ? -1 : 1)
            return signA - signB
        }
        if a.isNegative != b.isNegative {
            return a.isNegative ? -1 : 1
        }
        let magnitude = compareMagnitude(a, b)
        return a.isNegative ? -magnitude : magnitude
    }

    private static func compareMagnitude(_ a: Decimal, _ b: Decimal) -> Int {
        if a.exponent != b.exponent {
            return a.exponent < b.exponent ? -1 : 1
        }
        var left = a.digits, right = b.digits
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return 0
            case (nil, _): return -1  // the other has a non-zero digit left (trailing zeros are cut)
            case (_, nil): return 1
            case (let x?, let y?): if x != y { return x < y ? -1 : 1 }
            }
        }
    }

    /// Where a text falls in the order.
    enum Rank: Int, Comparable {
        case negativeInfinity, finite, infinity, nan, notANumber

        static func < (lhs: Rank, rhs: Rank) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// A text read as a decimal, without copying it: its rank and, when finite, its sign, the
    /// place of its first significant digit and those digits.
    struct Decimal {
        private(set) var rank = Rank.notANumber
        private(set) var isNegative = false
        /// Whether every digit is zero.
        private(set) var isZero = true
        /// The power of ten of the first significant digit.
        private(set) var exponent = 0
        /// The significant digits (from the first non-zero one, trailing zeros cut), as bytes of `text`.
        private(set) var digits = Digits(text: UnsafeRawBufferPointer(start: nil, count: 0), start: 0, end: 0)

        init(_ text: UnsafeRawBufferPointer) {
            var index = 0
            let count = text.count
            if index < count, text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
                isNegative = text[index] == UInt8(ascii: "-")
                index += 1
            }
            if StoreTextOrders.matches(text, from: index, "Infinity") || StoreTextOrders.matches(text, from: index, "inf") {
                rank = isNegative ? .negativeInfinity : .infinity
                return
            }
            if index == 0, StoreTextOrders.matches(text, from: 0, "NaN") {
                rank = .nan
                return
            }
            // Digits, one optional point among them, then an optional exponent.
            var firstSignificant: Int?
            var lastSignificant = 0
            var pointSeen = false
            var placesBeforePoint = 0  // digits before the point, from the first significant one
            var zerosAfterPoint = 0  // zeros after the point before the first significant digit
            var anyDigit = false
            while index < count {
                let byte = text[index]
                if byte == UInt8(ascii: ".") {
                    guard !pointSeen else { return }
                    pointSeen = true
                } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                    anyDigit = true
                    if byte != UInt8(ascii: "0") {
                        if firstSignificant == nil { firstSignificant = index }
                        lastSignificant = index
                    } else if firstSignificant == nil && pointSeen {
                        zerosAfterPoint += 1
                    }
                    if firstSignificant != nil && !pointSeen {
                        placesBeforePoint += 1
                    }
                } else {
                    break
                }
                index += 1
            }
            guard anyDigit else { return }
            var power = 0
            if index < count, text[index] == UInt8(ascii: "e") || text[index] == UInt8(ascii: "E") {
                index += 1
                var negativePower = false
                if index < count, text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
                    negativePower = text[index] == UInt8(ascii: "-")
                    index += 1
                }
                var exponentDigits = 0
                while index < count, text[index] >= UInt8(ascii: "0") && text[index] <= UInt8(ascii: "9") {
                    // Beyond any value a text of this size could reach: kept from overflowing.
                    power = min(power * 10 + Int(text[index] - UInt8(ascii: "0")), 1_000_000_000)
                    exponentDigits += 1
                    index += 1
                }
                guard exponentDigits > 0 else { return }
                if negativePower { power = -power }
            }
            guard index == count else { return }
            rank = .finite
            guard let first = firstSignificant else {
                return  // zero
            }
            isZero = false
            exponent = (placesBeforePoint > 0 ? placesBeforePoint - 1 : -(zerosAfterPoint + 1)) + power
            digits = Digits(text: text, start: first, end: lastSignificant + 1)
        }

    }

    /// The significant digits of a decimal's text, its point skipped.
    struct Digits {
        let text: UnsafeRawBufferPointer
        var start: Int
        let end: Int

        mutating func next() -> UInt8? {
            while start < end {
                let byte = text[start]
                start += 1
                if byte != UInt8(ascii: ".") { return byte }
            }
            return nil
        }
    }
}
