import ORMCore

/// `+` and a letter on a grid column: an aggregate the frequency tables of the grid compute per
/// group (VisiData's aggregators); `+-` removes the column's; `!` makes the column a key column
/// that `gF` groups by. Kept with the grid while it is open (``GridModel/aggregates``).
extension GridAnalysis {
    /// Adds `aggregate` over the cursor column, saying what `F` will show.
    func addAggregate(_ aggregate: Aggregate) {
        let index = grid.cursorColumn
        guard grid.source.columns.indices.contains(index) else {
            app.say(.info("no column to aggregate"))
            return
        }
        let column = grid.source.columns[index]
        let name = Sanitizer.sanitize(column.name)
        // PostgreSQL has no sum or mean of text, bytea or boolean: said now, not at every F after.
        if aggregate.needsNumbers, sourceDatabase.dialect.kind == .postgres, !column.isComputed,
           [.text, .blob, .boolean].contains(column.kind) {
            let types = grid.source.declaredColumnTypes
            let type = types.indices.contains(index) && !types[index].isEmpty ? " holds \(Sanitizer.sanitize(types[index]))" : " holds no numbers"
            app.say(.error("\(aggregate.help) needs numbers: \(name)\(type); count, distinct, min and max work on any column"))
            return
        }
        guard grid.addAggregate(aggregate, toColumn: index) else {
            app.say(.info("\(aggregate.rawValue) of \(name) is set already; +- removes the column's aggregates"))
            return
        }
        app.say(.info("\(aggregate.rawValue) of \(name) added: F on another column shows it per value, +- removes it"))
    }

    /// Removes the cursor column's aggregates.
    func removeAggregates() {
        let index = grid.cursorColumn
        guard grid.source.columns.indices.contains(index) else {
            return
        }
        let removed = grid.removeAggregates(ofColumn: index)
        let name = Sanitizer.sanitize(grid.source.columns[index].name)
        app.say(.info(removed == 0 ? "\(name) has no aggregate" : "aggregates of \(name) removed"))
    }

    /// Makes the cursor column a key column (`gF` groups by the key columns), or not.
    func toggleGroupKey() {
        let index = grid.cursorColumn
        guard grid.source.columns.indices.contains(index) else {
            return
        }
        let name = Sanitizer.sanitize(grid.source.columns[index].name)
        let isKey = grid.toggleGroupKey(index)
        let keys = grid.groupKeyIndexes.map { Sanitizer.sanitize(grid.source.columns[$0].name) }.joined(separator: ", ")
        app.say(.info(isKey ? "key columns: \(keys); gF groups by them" : "\(name) is no longer a key column"))
    }

    /// `gF`: the frequency table grouped by the key columns (``GridModel/groupKeys``).
    func openGroupedFrequency() {
        let keys = grid.groupKeyIndexes
        guard !keys.isEmpty else {
            app.say(.info("no key column: ! on a column makes it one, then gF groups by the key columns"))
            return
        }
        openFrequency(columns: keys)
    }
}
