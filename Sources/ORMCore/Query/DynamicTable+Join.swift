// The pieces of a query joining another table (``TableJoin``): its entity and the SELECT it reads in
// place of the table.

extension DynamicTable {
    /// The entity with `computed` columns after the table's own, then `join`'s columns; without the
    /// key when the join's rows are not the table's one to one (they are read by position then).
    func joiningEntity(_ computed: [ComputedColumn], _ join: TableJoin) -> EntityDescription {
        let base = computingEntity(computed)
        let keeps = join.keepsRows
        var described = EntityDescription(
            table: base.table, keyColumns: keeps ? base.keyColumns : [], columns: base.columns + join.columnNames,
            relationships: base.relationships, hasIntegerKey: keeps && base.hasIntegerKey)
        described.storedTypes = base.storedTypes + Array(repeating: nil, count: join.columns.count)
        described.storedTypesAreExact = base.storedTypesAreExact
        return described
    }

    /// The name the other table goes by in the join's SELECT: one the table does not have, so a
    /// table joined with itself still compares its own row with the other.
    private func joinAlias(_ join: TableJoin) -> String {
        name.equalsIgnoringASCIICase("joined") ? "joined row" : "joined"
    }

    /// `SELECT "t"."a", …, "joined"."x" AS "u.x", … FROM "t" LEFT JOIN "u" AS "joined" ON "t"."k" = "joined"."k"`:
    /// the table's fetched columns (its rowid included when that is the key), computed ones after
    /// them (read from the computing SELECT under the table's name), then the other table's.
    func joiningSelect(_ computed: [ComputedColumn], _ join: TableJoin) -> String {
        let table = quoteIdentifier(entity.table)
        let alias = quoteIdentifier(joinAlias(join))
        var list = computingEntity(computed).columns.map { "\(table).\(quoteIdentifier($0))" }
        for (column, shown) in zip(join.columns, join.columnNames) {
            list.append("\(alias).\(quoteIdentifier(column)) AS \(quoteIdentifier(shown))")
        }
        let from = computed.isEmpty ? table : "(\(computingSelect(computed))) AS \(table)"
        let other = (join.schema.map { quoteIdentifier($0) + "." } ?? "") + quoteIdentifier(join.table)
        let condition = join.pairs.map { "\(table).\(quoteIdentifier($0.column)) = \(alias).\(quoteIdentifier($0.otherColumn))" }
            .joined(separator: " AND ")
        return "SELECT \(list.joined(separator: ", ")) FROM \(from) \(join.kind.sql) \(other) AS \(alias) ON \(condition)"
    }

    /// The table's rows with `computed` columns and `join`'s (when given), to select from in the
    /// table's place: `(SELECT … FROM "t" LEFT JOIN "u" AS "joined" ON …) AS "t"`.
    public func rows(computing computed: [ComputedColumn], joining join: TableJoin?) -> SQL {
        guard let join else {
            return computed.isEmpty ? "\(identifier: name)" : rows(computing: computed)
        }
        return "(\(raw: joiningSelect(computed, join))) AS \(identifier: entity.table)"
    }

    /// The first name of `join`'s columns that repeats one of the table's or a computed column's
    /// (ignoring ASCII case); nil when every name is new.
    func duplicateName(among computed: [ComputedColumn], joining join: TableJoin) -> String? {
        var seen = Set((entity.columns + computed.map(\.name)).map(\.asciiLowercased))
        for name in join.columnNames where !seen.insert(name.asciiLowercased).inserted {
            return name
        }
        return nil
    }
}
