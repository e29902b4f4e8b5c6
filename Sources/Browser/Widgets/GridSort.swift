/// The columns a grid is sorted by, first key first: `s` sorts by one column, `zs` adds the
/// cursor column to the keys already there (see ``adding(column:)``).
struct GridSort: Hashable, Sendable {
    /// One sort key: a column and its direction.
    struct Key: Hashable, Sendable {
        /// The sorted column index.
        var column: Int
        /// Whether the order is descending (▼) rather than ascending (▲).
        var descending: Bool
    }

    /// The keys, the first one deciding first; never empty.
    private(set) var keys: [Key]

    /// A sort by one column.
    init(column: Int, descending: Bool) {
        keys = [Key(column: column, descending: descending)]
    }

    /// A sort by `keys` in order (a column named twice counts once, its first place); nil when
    /// there are none.
    init?(keys: [Key]) {
        var seen: Set<Int> = []
        let unique = keys.filter { seen.insert($0.column).inserted }
        guard !unique.isEmpty else {
            return nil
        }
        self.keys = unique
    }

    /// The first key's column.
    var column: Int {
        keys[0].column
    }

    /// Whether the first key is descending.
    var descending: Bool {
        keys[0].descending
    }

    /// The key of `column` and its place (1 for the first key), nil when it is not sorted.
    func key(of column: Int) -> (place: Int, key: Key)? {
        keys.firstIndex { $0.column == column }.map { ($0 + 1, keys[$0]) }
    }

    /// The sort after `zs` on `column` (of `sort`, nil for none): a column not sorted yet is added
    /// last, ascending; an ascending key turns descending in its place; a descending key is taken
    /// out, the others keep their order (nil when it was the only one).
    static func adding(column: Int, to sort: GridSort?) -> GridSort? {
        var keys = sort?.keys ?? []
        guard let index = keys.firstIndex(where: { $0.column == column }) else {
            return GridSort(keys: keys + [Key(column: column, descending: false)])
        }
        if keys[index].descending {
            keys.remove(at: index)
        } else {
            keys[index].descending = true
        }
        return GridSort(keys: keys)
    }

    /// The keys kept when only columns `valid` exist (a refresh that dropped one); nil when none is left.
    func keeping(_ valid: Range<Int>) -> GridSort? {
        GridSort(keys: keys.filter { valid.contains($0.column) })
    }
}
