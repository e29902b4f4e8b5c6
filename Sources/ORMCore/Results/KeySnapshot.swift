/// The keys of a batched result set in query order: compact for integer keys.
enum KeySnapshot: Sendable {
    /// Single integer keys (8 bytes a row).
    case integers([Int64])
    /// Other keys, one array of values per row.
    case values([[SQLValue]])
    /// No key (a view): only the number of rows; windows are read by position.
    case positions(Int)

    var count: Int {
        switch self {
        case .integers(let keys): keys.count
        case .values(let keys): keys.count
        case .positions(let count): count
        }
    }

    /// The keys of rows `range` (none for positional snapshots).
    func keys(_ range: Range<Int>) -> [[SQLValue]] {
        switch self {
        case .integers(let keys): keys[range].map { [.integer($0)] }
        case .values(let keys): Array(keys[range])
        case .positions: []
        }
    }
}
