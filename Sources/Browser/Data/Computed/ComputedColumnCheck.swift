import ORMCore

/// What adding or dropping a computed column checks and keeps: the new column's name and
/// expression, asked of the database before the view changes, and the sort keys that still hold.
enum ComputedColumnCheck {
    /// Checks that `column` can join `source`'s view: its name is new there (ignoring case, as
    /// SQLite compares names), the database prepares the view's rows with it, reading none
    /// (`SELECT * FROM (…) LIMIT 0`), and its value comes from its own row: an aggregate
    /// (`count(*)`, which would make the view one row) or a window function (recomputed over the
    /// whole table for each window of rows read) is refused, as a `WHERE` clause refuses them.
    ///
    /// - Throws: ``ComputedColumnError`` for a name taken or a value not of its own row, else the
    ///   database's error (a column that does not exist, a function it does not have, a type it
    ///   cannot compare).
    static func check(_ column: ComputedColumn, adding source: TableSource) throws {
        if let taken = source.columns.first(where: { $0.name.equalsIgnoringCase(column.name) }) {
            throw ComputedColumnError.nameTaken(taken.name)
        }
        var probe: SQL = "SELECT * FROM "
        probe.append(source.table.rows(computing: source.computed + [column]))
        probe.append(" LIMIT 0")
        _ = try source.table.database.fetchRows(probe)
        var perRow: SQL = "SELECT 1 FROM "
        perRow.append(source.computed.isEmpty ? "\(identifier: source.table.name)" : source.table.rows(computing: source.computed))
        // The newline ends a `--` comment the expression may end with.
        perRow.append(" WHERE ((\(raw: column.expression)\n)) IS NULL LIMIT 0")
        do {
            _ = try source.table.database.fetchRows(perRow)
        } catch {
            throw ComputedColumnError.notOfItsRow(UserMessage.describe(error))
        }
    }

    /// `sort` (of `source`'s columns) as it stands once the view computes `computed` instead: a
    /// key on a table column stays, a key on a computed column follows it to its new place, or goes
    /// with it; nil when no key is left.
    static func sort(_ sort: GridSort?, keepingColumnsOf source: TableSource, computing computed: [ComputedColumn]) -> GridSort? {
        guard let sort else {
            return nil
        }
        let stored = source.columns.count - source.computed.count
        let keys = sort.keys.compactMap { key -> GridSort.Key? in
            guard key.column >= stored else {
                return key
            }
            let place = key.column - stored
            guard source.computed.indices.contains(place),
                  let moved = computed.firstIndex(where: { $0.name == source.computed[place].name }) else {
                return nil
            }
            return GridSort.Key(column: stored + moved, descending: key.descending)
        }
        return GridSort(keys: keys)
    }
}
