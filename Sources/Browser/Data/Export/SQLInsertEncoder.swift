import ORMCore

/// An SQL script that rebuilds the rows in an empty database (`sqlite3 new.db < rows.sql`): the
/// table's `CREATE` statement, one `INSERT` per row, then its indexes and triggers, all in one
/// transaction (see ``ExportSchema``).
///
/// Identifiers are quoted; values are written as ``ORMCore/SQLLiteral`` writes them, which load
/// back as exactly the same values: text with a carriage return, a NUL or bytes that are not UTF-8
/// as its bytes cast to text, reals that SQLite would read a bit off as exact quotients. Generated
/// columns are left out: SQLite computes them again as the file is read back.
///
/// ```
/// -- reef export: rows of "people"
/// PRAGMA foreign_keys=OFF;
/// BEGIN TRANSACTION;
/// CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT);
/// INSERT INTO "people" ("id", "name") VALUES (1, 'O''Brien');
/// CREATE INDEX people_name ON people (name);
/// COMMIT;
/// ```
struct SQLInsertEncoder: ExportEncoder {
    /// The table and its statements.
    let schema: ExportSchema
    /// `INSERT INTO "table" ("a", "b") VALUES (`, the same for every row.
    private let prefix: String
    /// The positions of the values written (the columns `INSERT` names), by the columns shown.
    private let written: [Int]

    /// Creates an encoder for rows shown as `columns`, going into `schema`'s table.
    init(schema: ExportSchema, columns: [String]) {
        self.schema = schema
        let shown = ExportSchema.unique(columns)
        // A table's schema names a subset of the columns shown; an untyped table renames repeats.
        written = schema.columns.count == shown.count ? Array(shown.indices) : schema.columns.compactMap { shown.firstIndex(of: $0) }
        let names = schema.columns.map(quoteIdentifier)
        prefix = "INSERT INTO \(quoteIdentifier(schema.table)) (\(names.joined(separator: ", "))) VALUES ("
    }

    /// The note, foreign keys off for the load (the rows' parents may not be there yet), the
    /// transaction, the table.
    func header() -> String {
        "-- reef export: " + Self.oneLine(schema.note) + "\nPRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\n" + schema.create + ";\n"
    }

    /// One statement.
    func encode(_ row: [ExportValue]) -> String {
        prefix + written.map { row.indices.contains($0) ? Self.literal(row[$0]) : "NULL" }.joined(separator: ", ") + ");\n"
    }

    /// One statement, its long values streamed.
    func parts(_ row: [ExportCell]) -> [ExportPart] {
        if let values = Self.values(of: row) {
            return [.text(encode(values))]
        }
        var parts = ExportParts()
        parts.append(prefix)
        for (position, index) in written.enumerated() {
            if position > 0 {
                parts.append(", ")
            }
            switch row.indices.contains(index) ? row[index] : .value(.null) {
            case .value(let value): parts.append(Self.literal(value))
            case .long(let long): parts.append(long, .sql)
            }
        }
        parts.append(");\n")
        return parts.finished()
    }

    /// Indexes, triggers and the counter, then the commit.
    func footer() -> String {
        schema.after.map { $0 + ";\n" }.joined() + "COMMIT;\n"
    }

    /// The SQL literal for a value.
    static func literal(_ value: ExportValue) -> String {
        switch value {
        case .null: "NULL"
        case .integer(let integer): String(integer)
        // SQLite (3.23 on) and PostgreSQL both read these; SQLite stores 1 and 0.
        case .boolean(let boolean): boolean ? "TRUE" : "FALSE"
        case .real(let real): SQLLiteral.real(real)
        case .text(let text): SQLLiteral.text(text)
        case .undecodableText(let bytes): SQLLiteral.text(utf8: bytes)
        case .blob(let data): SQLLiteral.blob(data)
        }
    }

    /// `text` on one line, for a `--` comment.
    private static func oneLine(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : $0 }))
    }
}
