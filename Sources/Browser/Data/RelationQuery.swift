import ORMCore

/// Builds every statement a ``PagedSource`` runs against one relation (a table, a view or a
/// wrapped query), with its filter and order.
///
/// Identifiers are always quoted; searched text and keys are bound. The filter is the user's own
/// SQL expression, typed at the filter prompt, so it is inserted as written, in parentheses.
///
/// ```swift
/// let query = RelationQuery(relation: "\(identifier: "users")", columnNames: ["id", "name"],
///                           keyExpressions: ["rowid"], filter: "age > 30", sort: GridSort(column: 1, descending: true))
/// query.window(offset: 100, limit: 50)
/// // SELECT rowid, "id", "name" FROM "users" WHERE (age > 30) ORDER BY "name" DESC, rowid LIMIT ? OFFSET ?
/// ```
struct RelationQuery: Sendable {
    /// The relation after `FROM`: a quoted table name or a parenthesised query.
    var relation: SQL
    /// The columns to select, by name; nil selects `*` (query results).
    var columnNames: [String]?
    /// The names the columns are referred to by in `ORDER BY` and search (the result's names).
    var referenceNames: [String]
    /// The key expressions selected before the columns (`rowid` or quoted key columns).
    var keyExpressions: [String]
    /// The user's `WHERE` expression, nil for none.
    var filter: String?
    /// The sort order, nil for the natural (key) order.
    var sort: GridSort?

    /// The rows at positions `offset..<offset+limit`, key values first.
    func window(offset: Int, limit: Int) -> SQL {
        var sql = select(keysFirst: true)
        sql.append(orderBy())
        sql.append(" LIMIT \(limit) OFFSET \(offset)")
        return sql
    }

    /// Whether ``window(afterKey:limit:)`` can page this relation: one key expression, no sort.
    var supportsKeysetPages: Bool {
        sort == nil && keyExpressions.count == 1
    }

    /// Up to `limit` rows after the row whose key is `key` (from the start when nil), key values
    /// first, in key order: a page found through the key instead of `OFFSET`, so reading every
    /// page stays linear. Only when ``supportsKeysetPages``.
    func window(afterKey key: SQLValue?, limit: Int) -> SQL {
        var sql = select(keysFirst: true)
        if let key, let expression = keyExpressions.first {
            sql.append((filter ?? "").isEmpty ? " WHERE " : " AND ")
            sql.append("\(literal: expression) > \(key)")
        }
        sql.append(orderBy())
        sql.append(" LIMIT \(limit)")
        return sql
    }

    /// `SELECT count(*)` of the filtered relation.
    func count() -> SQL {
        var sql: SQL = "SELECT count(*) FROM "
        sql.append(relation)
        sql.append(whereClause())
        return sql
    }

    /// A statement that fails to prepare when the filter or order is invalid, and reads no row.
    func validation() -> SQL {
        var sql = select(keysFirst: true)
        sql.append(orderBy())
        sql.append(" LIMIT 0")
        return sql
    }

    /// The 0-based position of the row whose key values equal `key`.
    func position(ofKey key: RowKey) -> SQL {
        var conditions: [SQL] = []
        for (index, value) in key.values.enumerated() where index < keyExpressions.count {
            conditions.append("\(identifier: Self.keyAlias(index)) IS \(value)")
        }
        var inner: SQL = "SELECT \(literal: rowNumber()) AS \(identifier: Self.positionAlias)"
        for (index, expression) in keyExpressions.enumerated() {
            inner.append(", \(literal: expression) AS \(identifier: Self.keyAlias(index))")
        }
        inner.append(" FROM ")
        inner.append(relation)
        inner.append(whereClause())
        var sql: SQL = "SELECT \(identifier: Self.positionAlias) FROM ("
        sql.append(inner)
        sql.append(") WHERE ")
        sql.append(SQL.joined(conditions.isEmpty ? ["0"] : conditions, separator: " AND "))
        sql.append(" LIMIT 1")
        return sql
    }

    /// The position of the first row after (or before) `from` with `text` in any column.
    func find(text: String, from: Int, forward: Bool) -> SQL {
        let needle = text.lowercased()
        var inner: SQL = "SELECT \(literal: rowNumber()) AS \(identifier: Self.positionAlias), "
        inner.append(SQL.joined(referenceNames.map { "\(identifier: $0)" }, separator: ", "))
        inner.append(" FROM ")
        inner.append(relation)
        inner.append(whereClause())
        var sql: SQL = "SELECT \(identifier: Self.positionAlias) FROM ("
        sql.append(inner)
        sql.append(forward ? ") WHERE \(identifier: Self.positionAlias) > \(from) AND (" : ") WHERE \(identifier: Self.positionAlias) < \(from) AND (")
        let tests: [SQL] = referenceNames.map { "instr(lower(CAST(\(identifier: $0) AS TEXT)), \(needle)) > 0" }
        sql.append(SQL.joined(tests.isEmpty ? ["0"] : tests, separator: " OR "))
        sql.append(forward ? ") ORDER BY 1 LIMIT 1" : ") ORDER BY 1 DESC LIMIT 1")
        return sql
    }

    // MARK: - Private

    /// The column alias of a row's position in ``position(ofKey:)`` and ``find(text:from:forward:)``.
    private static let positionAlias = "reef position"

    /// The alias of key expression `index` in ``position(ofKey:)``.
    private static func keyAlias(_ index: Int) -> String {
        "reef key \(index)"
    }

    /// `SELECT keys, columns FROM relation WHERE filter`.
    private func select(keysFirst: Bool) -> SQL {
        var parts = keysFirst ? keyExpressions : []
        if let columnNames {
            parts += columnNames.map(quoteIdentifier)
        } else {
            parts.append("*")
        }
        var sql: SQL = "SELECT \(literal: parts.joined(separator: ", ")) FROM "
        sql.append(relation)
        sql.append(whereClause())
        return sql
    }

    /// ` WHERE (filter)`, or nothing.
    private func whereClause() -> SQL {
        guard let filter, !filter.isEmpty else {
            return ""
        }
        return " WHERE (\(literal: filter))"
    }

    /// The terms of the order: the sorted column, then the key for a stable order.
    private func orderTerms() -> [String] {
        var terms: [String] = []
        if let sort, referenceNames.indices.contains(sort.column) {
            terms.append(quoteIdentifier(referenceNames[sort.column]) + (sort.descending ? " DESC" : ""))
        }
        return terms + keyExpressions
    }

    /// ` ORDER BY ...`, or nothing for the natural order of a keyless relation.
    private func orderBy() -> SQL {
        let terms = orderTerms()
        return terms.isEmpty ? "" : " ORDER BY \(literal: terms.joined(separator: ", "))"
    }

    /// `row_number() OVER (ORDER BY ...) - 1`, numbering rows in the window's order from 0.
    private func rowNumber() -> String {
        let terms = orderTerms()
        let over = terms.isEmpty ? "" : "ORDER BY " + terms.joined(separator: ", ")
        return "row_number() OVER (\(over)) - 1"
    }
}
