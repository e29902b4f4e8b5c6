/// The name ORMCore uses for `_ColumnSet`.
@_spi(ModelSupport) public typealias ColumnSet = _ColumnSet

/// A set of column positions (indexes into ``ModelSchema/columns``), stored as bits.
///
/// Part of the macro's contract (see <doc:Models#The-macros-contract>): public only because code
/// that `@Model` generates in the user's module is handed the columns to bind or keep in one, hence the underscore. ORMCore calls it
/// `ColumnSet`, a name tools built on ORMCore reach with `@_spi(ModelSupport) import ORMCore`.
@frozen
public struct _ColumnSet: Sendable, Hashable {
    @usableFromInline package var low: UInt64 = 0
    @usableFromInline package var high: [UInt64] = []

    /// The empty set.
    @inlinable
    public init() {}

    /// Whether both hold the same columns. Written out, and inlinable, so that a driver's
    /// statement cache compares its keys' columns in line (the synthesised one is a call from
    /// another module).
    @inlinable
    public static func == (lhs: _ColumnSet, rhs: _ColumnSet) -> Bool {
        lhs.low == rhs.low && lhs.high == rhs.high
    }

    /// Every column of a model with `count` columns.
    public static func all(_ count: Int) -> _ColumnSet {
        var set = ColumnSet()
        for index in 0..<count { set.insert(index) }
        return set
    }

    /// Whether no column is in the set.
    public var isEmpty: Bool { low == 0 && high.allSatisfy { $0 == 0 } }

    /// Removes every column (a set of columns below 64 holds no storage to release).
    @inlinable
    public mutating func removeAll() {
        low = 0
        if !high.isEmpty { high = [] }
    }

    /// Adds a column.
    @inlinable
    public mutating func insert(_ index: Int) {
        if index < 64 {
            low |= 1 << UInt64(index)
        } else {
            insertHigh(index)
        }
    }

    /// Removes a column.
    public mutating func remove(_ index: Int) {
        if index < 64 {
            low &= ~(1 << UInt64(index))
        } else {
            let word = index / 64 - 1
            if word < high.count { high[word] &= ~(1 << UInt64(index % 64)) }
        }
    }

    @usableFromInline
    mutating func insertHigh(_ index: Int) {
        let word = index / 64 - 1
        while high.count <= word { high.append(0) }
        high[word] |= 1 << UInt64(index % 64)
    }

    /// Whether a column is in the set.
    @inlinable
    public func contains(_ index: Int) -> Bool {
        if index < 64 { return low & (1 << UInt64(index)) != 0 }
        return containsHigh(index)
    }

    @usableFromInline
    func containsHigh(_ index: Int) -> Bool {
        let word = index / 64 - 1
        return word < high.count && high[word] & (1 << UInt64(index % 64)) != 0
    }

    /// Adds every column of another set.
    public mutating func formUnion(_ other: _ColumnSet) {
        low |= other.low
        while high.count < other.high.count { high.append(0) }
        for (word, bits) in other.high.enumerated() { high[word] |= bits }
    }

    /// Removes every column of another set.
    public mutating func subtract(_ other: _ColumnSet) {
        low &= ~other.low
        for (word, bits) in other.high.enumerated() where word < high.count { high[word] &= ~bits }
    }

    /// The number of columns in the set.
    public var count: Int { low.nonzeroBitCount + high.reduce(0) { $0 + $1.nonzeroBitCount } }

    /// The positions in ascending order.
    public var indices: [Int] {
        var result: [Int] = []
        var bits = low
        while bits != 0 {
            result.append(bits.trailingZeroBitCount)
            bits &= bits - 1
        }
        for (word, value) in high.enumerated() {
            var bits = value
            while bits != 0 {
                result.append((word + 1) * 64 + bits.trailingZeroBitCount)
                bits &= bits - 1
            }
        }
        return result
    }
}
