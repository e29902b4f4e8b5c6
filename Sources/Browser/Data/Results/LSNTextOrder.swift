import ORMCore

/// The order of PostgreSQL's `pg_lsn` values (write-ahead log positions, `16/B374D848`) kept as
/// text in reef's copy of a statement's results (``ResultStore``): by position, as the server
/// orders them, where SQLite would order the texts byte by byte (`0/10` before `0/9`, though
/// both halves are hexadecimal). A text that is not a position comes after every position, byte
/// by byte.
enum LSNTextOrder {
    /// The collation's name, as store columns declare it.
    static let name = "reef_lsn"

    /// The collation, registered on the store's connections.
    static let collation = SQLCollation(name) { compare($0, $1) }

    /// Negative when `left` comes before `right`, zero when they are equal, positive otherwise.
    static func compare(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Int {
        StoreTextOrders.compare(left, right, read: position) { $0 == $1 ? 0 : ($0 < $1 ? -1 : 1) }
    }

    /// The position `text` writes: two hexadecimal numbers of up to 32 bits around a `/`, the
    /// high half first (in either case); nil for any other text.
    static func position(_ text: UnsafeRawBufferPointer) -> UInt64? {
        guard let slash = text.firstIndex(of: UInt8(ascii: "/")),
              let high = half(UnsafeRawBufferPointer(rebasing: text[..<slash])),
              let low = half(UnsafeRawBufferPointer(rebasing: text[(slash + 1)...])) else {
            return nil
        }
        return high << 32 | low
    }

    /// One to eight hexadecimal digits' value, nil for anything else.
    private static func half(_ digits: UnsafeRawBufferPointer) -> UInt64? {
        guard (1...8).contains(digits.count) else {
            return nil
        }
        var value: UInt64 = 0
        for byte in digits {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt64(digit)
        }
        return value
    }
}
