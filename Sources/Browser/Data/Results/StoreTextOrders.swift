import ORMCore

/// What reef's orders of a server's values kept as text share (``DecimalTextOrder``,
/// ``MoneyTextOrder``, ``IntervalTextOrder``, ``InetTextOrder``, ``LSNTextOrder``,
/// ``DateTimeTextOrder``, ``ArrayTextOrder``): the
/// collations a result store registers, texts read as values first and those that are not after
/// them byte by byte, and ASCII words matched in any case.
enum StoreTextOrders {
    /// Every such collation, registered on each result store's connections.
    static let collations = [
        DecimalTextOrder.collation, MoneyTextOrder.collation, IntervalTextOrder.collation, InetTextOrder.collation,
        LSNTextOrder.collation, DateTimeTextOrder.collation,
    ]

    /// `left` against `right` read by `read`: two values by `order`, a value before a text that is
    /// none, two texts that are none byte by byte.
    static func compare<Value>(
        _ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer,
        read: (UnsafeRawBufferPointer) -> Value?, order: (Value, Value) -> Int
    ) -> Int {
        switch (read(left), read(right)) {
        case let (a?, b?): return order(a, b)
        case (nil, .some): return 1
        case (.some, nil): return -1
        case (nil, nil): return compareBytes(left, right)
        }
    }

    /// Two texts byte by byte, a prefix first.
    static func compareBytes(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Int {
        for index in 0..<min(left.count, right.count) where left[index] != right[index] {
            return left[index] < right[index] ? -1 : 1
        }
        return left.count - right.count
    }

    /// Whether the bytes of `text` from `start` to its end are `word`, ASCII letters in any case.
    static func matches(_ text: UnsafeRawBufferPointer, from start: Int = 0, _ word: StaticString) -> Bool {
        guard text.count - start == word.utf8CodeUnitCount else { return false }
        return word.withUTF8Buffer { expected in
            (0..<expected.count).allSatisfy { text[start + $0] | 0x20 == expected[$0] | 0x20 }
        }
    }
}
