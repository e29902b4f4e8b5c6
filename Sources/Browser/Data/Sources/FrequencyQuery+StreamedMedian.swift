import ORMCore

/// SQLite's medians read ahead of the table: one grouped pass counts each group's values, one
/// ordered scan (`ORDER BY` the groups' keys, then the value) streams them past, and the middle
/// of each group is picked as it goes by: two passes SQLite's sorter does, no window, and the
/// memory of one count and one median a group. The medians are then bound into the table's SQL
/// (``joiningMedians(at:to:)`` joins them instead of a window pass of its own each time a page
/// is read). Past ``streamedMedianGroups`` groups the table keeps its window pass.
extension FrequencyQuery {
    /// The most groups whose medians are read ahead and bound into the table's statement.
    static let streamedMedianGroups = 2_000

    /// The query with its medians read ahead from `database` (SQLite: ``streamedMedian(of:in:limit:)``),
    /// or itself unchanged on PostgreSQL, with no median, or with more groups than the limit.
    func readingMedians(from database: Database) throws -> FrequencyQuery {
        guard database.dialect.kind == .sqlite else {
            return self
        }
        var read = self
        // The values bound: a key a grouped column and the median, for each group.
        let limit = min(Self.streamedMedianGroups, 30_000 / (columns.count + 1))
        for index in aggregates.indices where aggregates[index].aggregate == .median {
            guard let medians = try streamedMedian(of: aggregates[index].column, in: database, limit: limit) else {
                return self
            }
            read.streamedMedians[index] = medians
        }
        return read
    }

    /// The median of `column` in each group where it holds a value (the group's keys, then the
    /// median as a real, as PostgreSQL's `percentile_cont(0.5)` gives it: the middle value, or
    /// the mean of the middle two), in the groups' order; nil when there are more than `limit`
    /// groups.
    func streamedMedian(of column: String, in database: Database, limit: Int) throws -> [[SQLValue]]? {
        let argument = "reef argument"
        let rows = try keyedRows(reading: [(column, argument)], notNull: column)
        let keys = SQL.joined(columns.indices.map { (index: Int) -> SQL in "\(identifier: Self.valueAlias(index))" }, separator: ", ")
        var counting: SQL = "SELECT count(*) FROM "
        counting.append(rows)
        counting.append(" GROUP BY \(sql: keys) ORDER BY \(sql: keys) LIMIT \(raw: String(limit + 1))")
        let counts = try database.fetchRows(counting).rows.map { row -> Int in
            if case .integer(let count)? = row.first {
                return Int(count)
            }
            return 0
        }
        guard counts.count <= limit else {
            return nil
        }
        var ordered: SQL = "SELECT \(sql: keys), \(identifier: argument) FROM "
        ordered.append(rows)
        ordered.append(" ORDER BY \(sql: keys), \(identifier: argument)")
        var picker = MedianPicker(counts: counts)
        try database.forEachRow(ordered) { row in
            picker.take(row)
        }
        return picker.medians
    }
}

/// Picks each group's middle values from rows streamed in the groups' order, each group's values
/// in order, knowing how many values each group has: the rows' keys, then a value.
struct MedianPicker {
    /// How many values each group has, in order.
    let counts: [Int]
    /// Each group's keys and median so far.
    private(set) var medians: [[SQLValue]] = []
    private var group = 0
    private var start = 0
    private var position = 0
    private var lower: Double = 0

    /// A picker for groups of `counts` values.
    init(counts: [Int]) {
        self.counts = counts
    }

    /// Takes the next row: its keys, then its value.
    mutating func take(_ row: [SQLValue]) {
        defer { position += 1 }
        while group < counts.count && position >= start + counts[group] {
            start += counts[group]
            group += 1
        }
        guard group < counts.count, let value = row.last else {
            return
        }
        let count = counts[group]
        if position == start + (count - 1) / 2 {
            lower = Self.number(value)
        }
        if position == start + count / 2 {
            medians.append(Array(row.dropLast()) + [.real((lower + Self.number(value)) / 2)])
        }
    }

    /// A value as `avg` reads it: a number, text as the number it starts with (else 0).
    private static func number(_ value: SQLValue) -> Double {
        switch value {
        case .integer(let integer): Double(integer)
        case .real(let real): real
        case .text(let text): Double(text.trimmedWhitespace) ?? 0
        case .null, .blob: 0
        }
    }
}
