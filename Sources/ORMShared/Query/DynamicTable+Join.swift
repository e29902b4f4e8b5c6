// The pieces of a query joining other tables (``TableJoin``): its entity and the SELECT it reads in
// place of the table. Joins come in order, each on the view the ones before it made: its columns
// may name theirs (`Album.ArtistId`).

extension DynamicTable {
    /// The entity with `computed` columns after the table's own, then each of `joins`' columns in
    /// order; without the key when a join's rows are not the table's one to one (they are read by
    /// position then).
    func joiningEntity(_ computed: [ComputedColumn], _ joins: [TableJoin]) -> EntityDescription {
        let base = computingEntity(computed)
        let keeps = joins.allSatisfy(\.keepsRows)
        let joined = joins.flatMap(\.columnNames)
        var described = EntityDescription(
            table: base.table, keyColumns: keeps ? base.keyColumns : [], columns: base.columns + joined,
            relationships: base.relationships, hasIntegerKey: keeps && base.hasIntegerKey)
        described.storedTypes = base.storedTypes + Array(repeating: nil, count: joined.count)
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
    /// them (read from the computing SELECT under the table's name), then the other table's. With
    /// several joins the last one selects from the SELECT of the ones before it, under the
    /// table's name, so its condition may compare their columns.
    func joiningSelect(_ computed: [ComputedColumn], _ joins: [TableJoin]) -> String {
        guard let join = joins.last else {
            return computed.isEmpty ? "SELECT * FROM \(quoteIdentifier(entity.table))" : computingSelect(computed)
        }
        let earlier = Array(joins.dropLast())
        let table = quoteIdentifier(entity.table)
        let alias = quoteIdentifier(joinAlias(join))
        var list = (computingEntity(computed).columns + earlier.flatMap(\.columnNames)).map { "\(table).\(quoteIdentifier($0))" }
        for (column, shown) in zip(join.columns, join.columnNames) {
            list.append("\(alias).\(quoteIdentifier(column)) AS \(quoteIdentifier(shown))")
        }
        let from = earlier.isEmpty && computed.isEmpty ? table : "(\(joiningSelect(computed, earlier))) AS \(table)"
        let other = (join.schema.map { quoteIdentifier($0) + "." } ?? "") + quoteIdentifier(join.table)
        let condition = join.pairs.map { "\(table).\(quoteIdentifier($0.column)) = \(alias).\(quoteIdentifier($0.otherColumn))" }
            .joined(separator: " AND ")
        return "SELECT \(list.joined(separator: ", ")) FROM \(from) \(join.kind.sql) \(other) AS \(alias) ON \(condition)"
    }

    /// The table's rows with `computed` columns and `joins`' (when any), to select from in the
    /// table's place: `(SELECT … FROM "t" LEFT JOIN "u" AS "joined" ON …) AS "t"`.
    public func rows(computing computed: [ComputedColumn], joining joins: [TableJoin]) -> SQL {
        guard !joins.isEmpty else {
            return computed.isEmpty ? "\(identifier: name)" : rows(computing: computed)
        }
        return "(\(raw: joiningSelect(computed, joins))) AS \(identifier: entity.table)"
    }

    /// The first name of `joins`' columns that repeats one of the table's, a computed column's or
    /// an earlier joined column's (ignoring ASCII case); nil when every name is new.
    func duplicateName(among computed: [ComputedColumn], joining joins: [TableJoin]) -> String? {
        var seen = Set((entity.columns + computed.map(\.name)).map(\.asciiLowercased))
        for name in joins.flatMap(\.columnNames) where !seen.insert(name.asciiLowercased).inserted {
            return name
        }
        return nil
    }
}
