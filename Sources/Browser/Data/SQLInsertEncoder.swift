import ORMCore

/// SQL `INSERT` statements, one per row, in one transaction: identifiers quoted, values written
/// as literals (text with quotes doubled, BLOBs as `X'..'`, NULL; text holding a NUL character,
/// which ends a literal for the `sqlite3` shell, as `CAST(X'..' AS TEXT)`). Generated columns are
/// left out: SQLite computes them again as the file is read back.
///
/// ```
/// BEGIN;
/// INSERT INTO "people" ("id", "name") VALUES (1, 'O''Brien');
/// COMMIT;
/// ```
struct SQLInsertEncoder: ExportEncoder {
    /// `INSERT INTO "table" ("a", "b") VALUES (`, the same for every row.
    private let prefix: String
    /// The positions of the values written (the columns not left out).
    private let written: [Int]

    /// Creates an encoder for rows of `table` with `columns`, leaving out the columns named in
    /// `leftOut` (generated columns).
    init(table: String, columns: [String], leavingOut leftOut: Set<String> = []) {
        written = columns.indices.filter { !leftOut.contains(columns[$0]) }
        let names = written.map { quoteIdentifier(columns[$0]) }
        prefix = "INSERT INTO \(quoteIdentifier(table)) (\(names.joined(separator: ", "))) VALUES ("
    }

    /// Opens the transaction.
    func header() -> String {
        "BEGIN;\n"
    }

    /// One statement.
    func encode(_ row: [SQLValue]) -> String {
        prefix + written.map { row.indices.contains($0) ? Self.literal(row[$0]) : "NULL" }.joined(separator: ", ") + ");\n"
    }

    /// Commits the transaction.
    func footer() -> String {
        "COMMIT;\n"
    }

    /// The SQL literal for a value.
    static func literal(_ value: SQLValue) -> String {
        switch value {
        case .null:
            return "NULL"
        case .integer(let integer):
            return String(integer)
        case .real(let real):
            if real.isNaN {
                return "NULL"
            }
            return real.isInfinite ? (real < 0 ? "-9e999" : "9e999") : String(real)
        case .text(let text):
            if text.utf8.contains(0) {
                return "CAST(" + hexLiteral(text.utf8) + " AS TEXT)"
            }
            return "'" + text.replacing("'", with: "''") + "'"
        case .blob(let data):
            return hexLiteral(data)
        }
    }

    /// `X'..'` for `bytes`.
    private static func hexLiteral(_ bytes: some Collection<UInt8>) -> String {
        let digits = "0123456789ABCDEF".unicodeScalars.map(Character.init)
        var hex = "X'"
        hex.reserveCapacity(bytes.count * 2 + 3)
        for byte in bytes {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0F)])
        }
        return hex + "'"
    }
}
