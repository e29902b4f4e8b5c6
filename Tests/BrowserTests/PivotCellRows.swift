import ORMCore
@testable import Browser

/// Checks what `Enter` opens on each cell of a pivot table over a stored table: the rows of the
/// cell's group, read as the drill-down reads them (a ``TableSource`` restricted to it), are as
/// many as the cell counts, and a row's value and `other` cells split its `Total`'s rows.
enum PivotCellRows {
    /// What ``check(_:in:table:)`` found: the table's rows and cells checked, and each mismatch.
    struct Checked {
        var rows = 0
        var cells = 0
        var failures: [String] = []
    }

    /// Checks every cell of `pivot` (cells counting rows) against the rows of `name` in `database`.
    static func check(_ pivot: PivotTable, in database: Database, table name: String) throws -> Checked {
        let source = pivot.source(in: database, title: "pivot")
        let stored = try database.table(name)
        var checked = Checked()
        for row in 0..<(try source.count()) {
            guard let values = try source.rows(row..<(row + 1)).first?.values else {
                checked.failures.append("row \(row) not read")
                continue
            }
            let key = try source.isPinned(row: row) ? nil : values[0].sqlValue
            var keys: [Set<RowKey>] = []
            for column in 1..<pivot.columnNames.count {
                // No group: the totals row's Total, every row (`Enter` shows the grid itself).
                let group = pivot.group(key: key, column: column)
                if group == nil && (key != nil || column != pivot.columnNames.count - 1) {
                    checked.failures.append("row \(row) column \(column): no group")
                }
                let rows = try TableSource(table: stored, group: group).rows(0..<10_000)
                if values[column].sqlValue != .integer(Int64(rows.count)) {
                    checked.failures.append("\(group?.label ?? "every row"): \(rows.count) rows, the cell says \(String(describing: values[column].sqlValue))")
                }
                keys.append(Set(rows.compactMap(\.key)))
                checked.cells += 1
            }
            let parts = keys.dropLast()
            if parts.reduce(0, { $0 + $1.count }) != keys.last?.count || parts.reduce(Set(), { $0.union($1) }) != keys.last {
                checked.failures.append("row \(row): its cells do not split its total's rows")
            }
            checked.rows += 1
        }
        return checked
    }
}
