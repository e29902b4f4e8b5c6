extension SQLDialect {
    /// The type a table made for `column` declares: SQLite's affinity name (`INTEGER`, `REAL`,
    /// `TEXT`, `BLOB`, `NUMERIC`); on PostgreSQL the type of what the property holds (see
    /// ``columnType(for:)-(StoredType)``).
    public func columnType(for column: ModelColumn) -> String {
        rules.columnType(affinity: column.type, storing: column.storedType)
    }

    /// The type the key column declares.
    public func columnType(for key: PrimaryKey) -> String {
        rules.columnType(affinity: key.type, storing: key.storedType)
    }

    /// PostgreSQL's type for a stored type: `bigint` for integers, `double precision`, `boolean`,
    /// `text` (strings, URLs, and ``SQLValue`` properties, whose any-class values are bound as
    /// text), `bytea`, `timestamptz`, `uuid`, `numeric` for `Decimal`, `jsonb` for `Codable`
    /// values. SQLite's names (as for ``ColumnType``) on SQLite.
    public func columnType(for type: StoredType) -> String {
        rules.columnType(for: type)
    }

    /// The literal for `value` in a column of stored type `type` (a `DEFAULT` clause): on
    /// PostgreSQL a `Bool` column's 0 or 1 is `false` or `true` and a `Date` column's seconds are a
    /// `timestamptz` to the microsecond; everything else as ``literal(_:)`` writes it.
    public func literal(_ value: SQLValue, as type: StoredType) -> String {
        rules.literal(value, as: type)
    }
}
