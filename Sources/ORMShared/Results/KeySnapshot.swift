/// The keys of a batched result set in query order: compact for integer keys.
package enum KeySnapshot: Sendable {
    /// Single integer keys, packed (a few bytes per chunk for a run, 4 or 8 bytes a row otherwise).
    case integers(IntegerKeys)
    /// Other keys, one array of values per row.
    case values([[SQLValue]])
    /// No key (a view): only the number of rows; windows are read by position.
    case positions(Int)

    package var count: Int {
        switch self {
        case .integers(let keys): keys.count
        case .values(let keys): keys.count
        case .positions(let count): count
        }
    }

    /// The keys of rows `range` (none for positional snapshots).
    package func keys(_ range: Range<Int>) -> [[SQLValue]] {
        switch self {
        case .integers(let keys): keys.keys(range).map { [.integer($0)] }
        case .values(let keys): Array(keys[range])
        case .positions: []
        }
    }

    /// The position of `key`, nil when the snapshot does not hold it (or has no keys).
    package func position(of key: [SQLValue]) -> Int? {
        switch self {
        case .integers(let keys):
            guard key.count == 1, case .integer(let value) = key[0] else { return nil }
            return keys.firstIndex(of: value)
        case .values(let keys): return keys.firstIndex(of: key)
        case .positions: return nil
        }
    }
}
