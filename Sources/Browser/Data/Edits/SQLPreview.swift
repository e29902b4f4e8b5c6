import ORMCore

/// A statement with its arguments written in as literals, for showing pending changes.
enum SQLPreview {
    /// `sql`'s text with each `?` placeholder (a token of its own, not inside a string, a quoted
    /// name or a comment) replaced by its argument's literal.
    static func inline(_ sql: SQL) -> String {
        var result = ""
        var arguments = sql.arguments[...]
        for token in SQLToken.tokens(in: sql.text) {
            let piece = sql.text[token.range]
            if token.kind == .parameter, piece == "?", let argument = arguments.popFirst() {
                result += argument.sqlLiteral
            } else {
                result += piece
            }
        }
        return result
    }

    /// The statement `edit` runs on `table`, arguments inlined (no `;`); when it cannot be written
    /// (its table or a column of it is gone), a `--` comment saying why, with the edit in words.
    static func statement(for edit: RowEdit, in table: DynamicTable?) -> String {
        guard let table else {
            return "-- the table no longer exists: " + words(edit)
        }
        do {
            return inline(try table.sql(for: withBooleanWords(edit, in: table)))
        } catch {
            return "-- cannot be written (\(UserMessage.describe(error))): " + words(edit)
        }
    }

    /// `edit` with the values of `table`'s PostgreSQL `boolean` columns (read as 1 or 0) as the
    /// words `'true'` and `'false'`, which PostgreSQL takes for a boolean where `1` is an integer
    /// it refuses (`column "vip" is of type boolean but expression is of type integer`).
    private static func withBooleanWords(_ edit: RowEdit, in table: DynamicTable) -> RowEdit {
        guard table.database.dialect.kind == .postgres else {
            return edit
        }
        func words(_ values: [String: SQLValue]) -> [String: SQLValue] {
            var changed = values
            for (column, value) in values {
                if case .integer(let integer) = value, PostgresBoolean.isBoolean(table.info.column(named: column)?.declaredType ?? "") {
                    changed[column] = .text(CellFormatter.booleanText(integer))
                }
            }
            return changed
        }
        switch edit {
        case .update(let key, let original, let changes): return .update(key: key, original: original, changes: words(changes))
        case .insert(let values): return .insert(values: words(values))
        case .delete: return edit
        }
    }

    /// An edit in words: `row (1, 'a'): name = 'Mine'`, `new row: name = 'Kit'`, `delete row (3)`.
    static func words(_ edit: RowEdit) -> String {
        func key(_ values: [SQLValue]) -> String {
            "(" + values.map(\.sqlLiteral).joined(separator: ", ") + ")"
        }
        func assignments(_ values: [String: SQLValue]) -> String {
            values.keys.sorted().map { "\(Sanitizer.sanitize($0)) = \((values[$0] ?? .null).sqlLiteral)" }
                .joined(separator: ", ")
        }
        switch edit {
        case .update(let values, _, let changes): return "row \(key(values)): " + assignments(changes)
        case .insert(let values): return "new row: " + (values.isEmpty ? "defaults" : assignments(values))
        case .delete(let values, _): return "delete row \(key(values))"
        }
    }
}
