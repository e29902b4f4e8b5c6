import ORMShared

extension SQLDialect {
    /// SQLite's SQL: `?` placeholders, affinity type names, rowid keys, a long list read from one
    /// JSON array through `json_each`.
    public static let sqlite = SQLDialect(kind: .sqlite, rules: SQLiteDialect())
}

/// SQLite's answers to what ORMCore asks when it writes SQL (``SQLDialectRules``).
package struct SQLiteDialect: SQLDialectRules {
    package var tokenDialect: SQLToken.Dialect { .sqlite }

    /// `sql` itself: SQLite takes `?` as it is.
    package func preparedText(_ sql: String) -> (text: String, parameterCount: Int) {
        var count = 0
        for token in SQLToken.tokens(in: sql, dialect: .sqlite) where token.kind == .parameter {
            count += 1
        }
        return (sql, count)
    }

    /// No: the rowid is read from the connection after the insert.
    package var returnsGeneratedKeys: Bool { false }

    package var hasRowID: Bool { true }

    /// No: any column may hold any value (save a `STRICT` table's).
    package var hasStrictTypes: Bool { false }

    /// No: SQLite compares names without regard to ASCII case.
    package var namesAreCaseSensitive: Bool { false }

    package var notDistinctOperator: String { " IS " }

    /// The order they were recorded in.
    package var migrationOrder: String { "rowid" }

    /// ``SQLLiteral``'s.
    package func literal(_ value: SQLValue) -> String { SQLLiteral.value(value) }

    /// ``SQLLiteral``'s, whatever the column stores (a `Bool` is its 0 or 1, a `Date` its seconds).
    package func literal(_ value: SQLValue, as type: StoredType) -> String { SQLLiteral.value(value) }

    /// The affinity name SQLite stores `type` under.
    package func columnType(for type: StoredType) -> String {
        switch type {
        case .integer, .boolean: ColumnType.integer.rawValue
        case .double, .date: ColumnType.real.rawValue
        case .text, .uuid, .decimal, .json: ColumnType.text.rawValue
        case .bytes, .any: ColumnType.blob.rawValue
        }
    }

    /// The affinity's name.
    package func columnType(affinity: ColumnType, storing type: StoredType) -> String { affinity.rawValue }

    /// `NOT NULL PRIMARY KEY` (a generated key is the rowid), and `AUTOINCREMENT` for a key that
    /// never reuses a deleted one.
    package func keyConstraint(generated: Bool, autoincrement: Bool, storing type: StoredType) -> String {
        " NOT NULL PRIMARY KEY" + (autoincrement ? " AUTOINCREMENT" : "")
    }

    /// None: a rowid is always one more than the largest.
    package func keySequenceCatchUpSQL(table: String, key: String) -> String? { nil }

    /// `[NOT] IN (SELECT value FROM json_each(?))`, the values bound as one JSON array: no list
    /// meets SQLite's limit on bound variables, and an empty one matches nothing.
    package func membership(negated: Bool?, of values: [SQLValue]) -> (text: String, argument: SQLValue)? {
        guard let json = SQL.jsonArray(values) else { return nil }
        let list = "(SELECT value FROM json_each(?))"
        switch negated {
        case nil: return (list, .text(json))
        case false?: return ("IN " + list, .text(json))
        case true?: return ("NOT IN " + list, .text(json))
        }
    }

    /// `VALUES (…), (…)`: SQLite reads a list of row values as a subquery.
    package func rowValueList(_ rows: String) -> String { "VALUES " + rows }

    /// The column as written: SQLite compares what it stores across types.
    package func joinOperand(_ sql: String, storing type: StoredType?, comparedWith other: StoredType?) -> String { sql }

    /// The column as written: it is what SQLite stores.
    package func storedValue(_ sql: String, storing type: StoredType?) -> String { sql }

    /// The column as written: a `Bool` is stored as its 0 or 1.
    package func summand(_ sql: String, storing type: StoredType?) -> String { sql }

    /// No: SQLite keeps a `Decimal` as text and would add them as reals.
    package var sumsDecimalsExactly: Bool { false }

    /// The sum as it is: SQLite's integer sums are integers.
    package func integerSum(_ sum: SQLValue) -> SQLValue? { sum }

    /// SQLite's `integer overflow`.
    package func isIntegerOverflow(_ error: any DatabaseError) -> Bool { error.message == "integer overflow" }

    /// By the declaration's affinity: integers, reals and text (a `Bool` or a `Date` is a number).
    package func storedType(declared: String) -> StoredType? {
        switch ColumnType(affinityOf: declared) {
        case .integer: .integer
        case .real: .double
        case .text: .text
        case .blob, .numeric: nil
        }
    }

    /// When the affinity differs.
    package func conversion(declared: String, to affinity: ColumnType, storing type: StoredType) -> String? {
        let found = ColumnType(affinityOf: declared)
        return found == affinity ? nil : "\(found.rawValue) → \(affinity.rawValue)"
    }
}
