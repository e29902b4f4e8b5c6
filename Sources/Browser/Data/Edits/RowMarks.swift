/// The rows marked in a grid for a bulk action, in the order they were marked (the order a
/// deletion stages them in).
struct RowMarks: Sendable {
    /// The marked rows, oldest first.
    private(set) var rows: [RowRef] = []
    /// The same rows, to look them up at once.
    private var members: Set<RowRef> = []

    /// Whether no row is marked.
    var isEmpty: Bool {
        rows.isEmpty
    }

    /// How many rows are marked.
    var count: Int {
        rows.count
    }

    /// Whether `row` is marked.
    func contains(_ row: RowRef) -> Bool {
        members.contains(row)
    }

    /// Marks `row`, or unmarks it when it is marked; returns whether it is marked now.
    @discardableResult
    mutating func toggle(_ row: RowRef) -> Bool {
        if members.remove(row) != nil {
            rows.removeAll { $0 == row }
            return false
        }
        members.insert(row)
        rows.append(row)
        return true
    }

    /// Keeps only the marks on rows for which `isKept` is true.
    mutating func keep(where isKept: (RowRef) -> Bool) {
        rows = rows.filter(isKept)
        members = Set(rows)
    }

    /// Unmarks every row.
    mutating func clear() {
        rows = []
        members = []
    }
}
