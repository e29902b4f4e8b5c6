// The pieces of a query with computed columns (``ComputedColumn``): its entity and the SELECT it
// reads in place of the table.

extension DynamicTable {
    /// The entity with `computed` columns after the table's own (stored types unknown).
    func computingEntity(_ computed: [ComputedColumn]) -> EntityDescription {
        var described = EntityDescription(
            table: entity.table, keyColumns: entity.keyColumns, columns: entity.columns + computed.map(\.name),
            relationships: entity.relationships, hasIntegerKey: entity.hasIntegerKey)
        described.storedTypes = entity.storedTypes + Array(repeating: nil, count: computed.count)
        described.storedTypesAreExact = entity.storedTypesAreExact
        return described
    }

    /// `SELECT "t"."a", …, (expression) AS "name", … FROM "t"`: the table's fetched columns (its
    /// rowid included when that is the key) and each computed column.
    func computingSelect(_ computed: [ComputedColumn]) -> String {
        var list = entity.selectList(alias: entity.table)
        for column in computed {
            // The newline ends a `--` comment the expression may end with.
            list += ", (\(column.expression)\n) AS \(quoteIdentifier(column.name))"
        }
        return "SELECT \(list) FROM \(quoteIdentifier(entity.table))"
    }

    /// The table's rows with `computed` columns after its own, to select from in the table's
    /// place: `(SELECT "t"."a", …, (expression) AS "name" FROM "t") AS "t"`.
    ///
    /// ```swift
    /// var count: SQL = "SELECT count(*) FROM "
    /// count.append(table.rows(computing: [ComputedColumn(name: "minutes", expression: "Milliseconds / 60000.0")]))
    /// count.append(" WHERE \(identifier: "minutes") > \(5)")
    /// ```
    public func rows(computing computed: [ComputedColumn]) -> SQL {
        "(\(raw: computingSelect(computed))) AS \(identifier: entity.table)"
    }

    /// ``evaluate(_:onRowWithKey:)`` with the `computed` columns, read as
    /// ``query(cuttingValuesAt:computing:joining:)`` reads them, which the expressions may name.
    /// `joins` read other tables' columns too (``TableJoin``).
    public func evaluate(_ expressions: [SQL], onRowWithKey key: [SQLValue], computing computed: [ComputedColumn],
                         joining joins: [TableJoin] = []) throws -> [SQLValue]? {
        try evaluate(expressions, onRowWithKey: key, from: rows(computing: computed, joining: joins))
    }

    /// The first name of `computed` that repeats a fetched column's or an earlier computed one's,
    /// ignoring ASCII case (as SQLite compares names); nil when every name is new.
    func duplicateName(among computed: [ComputedColumn]) -> String? {
        var seen = Set(entity.columns.map(\.asciiLowercased))
        for column in computed {
            guard seen.insert(column.name.asciiLowercased).inserted else {
                return column.name
            }
        }
        return nil
    }
}
