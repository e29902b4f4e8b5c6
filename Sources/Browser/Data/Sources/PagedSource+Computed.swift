import ORMCore

/// Computed columns (`=`) on reef's own tables read through a ``PagedSource`` (a frequency table, a
/// pivot table): the relation wrapped in a `SELECT` adding each column, which the database computes
/// from the row's values (`(SELECT *, ("count" * 2\n) AS "twice" FROM (…) AS "reef computed")`),
/// so the column sorts, filters, searches and exports like the others.
extension PagedSource {
    /// The same rows (order, filter) with `computed` as their computed columns, in place of their
    /// own, after checking with the database that the view reads with them (a name taken, an
    /// unknown column, an aggregate or a window function refused); the sort keys on a column no
    /// longer there dropped.
    ///
    /// - Throws: ``ComputedColumnError`` for a name taken or a value not of its row, else the
    ///   database's error.
    func computing(_ computed: [ComputedColumn]) throws -> PagedSource {
        var names = computedBase.columns.map(\.name)
        var relation = computedBase.relation
        for column in computed {
            if let taken = names.first(where: { $0.equalsIgnoringCase(column.name) }) {
                throw ComputedColumnError.nameTaken(taken)
            }
            // The newline ends a `--` comment the expression may end with.
            let perRow: SQL = "SELECT 1 FROM \(sql: relation) WHERE ((\(raw: column.expression)\n)) IS NULL LIMIT 0"
            do {
                _ = try database.fetchRows(perRow)
            } catch {
                throw ComputedColumnError.notOfItsRow(UserMessage.describe(error))
            }
            relation = "(SELECT *, (\(raw: column.expression)\n) AS \(identifier: column.name) FROM \(sql: relation)) AS \(identifier: "reef computed")"
            names.append(column.name)
        }
        let columns = computedBase.columns + computed.map { GridColumn(name: $0.name, isComputed: true) }
        var changed = query
        changed.relation = relation
        changed.columnNames = names
        let stored = computedBase.columns.count
        let keys = (query.sort?.keys ?? []).compactMap { key -> GridSort.Key? in
            guard key.column >= stored else {
                return key
            }
            guard self.columns.indices.contains(key.column) else {
                return nil
            }
            let name = self.columns[key.column].name
            return computed.firstIndex { $0.name == name }.map { GridSort.Key(column: stored + $0, descending: key.descending) }
        }
        changed.sort = GridSort(keys: keys)
        changed = try changed.filtered(by: query.filter)
        _ = try database.fetchRows(changed.validation())
        return PagedSource(database: database, query: changed, title: title, columns: columns, countsWithFirstPage: countsWithFirstPage,
                           valueKeys: valueKeys, computed: computed, base: computedBase)
    }
}
