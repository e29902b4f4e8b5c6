import ORMCore

/// SQL `INSERT` statements, one per row, in one transaction: identifiers quoted, values written
/// as literals (text with quotes doubled, BLOBs as `X'..'`, NULL).
///
/// ```
/// BEGIN;
/// INSERT INTO "people" ("id", "name") VALUES (1, 'O''Brien');
/// COMMIT;
/// ```
struct SQLInsertEncoder: ExportEncoder {
    /// `INSERT INTO "table" ("a", "b") VALUES (`, the same for every row.
    private let prefix: String

    /// Creates an encoder for rows of `table` with `columns`.
    init(table: String, columns: [String]) {
        prefix = "INSERT INTO \(quoteIdentifier(table)) (\(columns.map(quoteIdentifier).joined(separator: ", "))) VALUES ("
    }

    /// Opens the transaction.
    func header() -> String {
        "BEGIN;\n"
    }

    /// One statement.
    func encode(_ row: [SQLValue]) -> String {
        prefix + row.map(Self.literal).joined(separator: ", ") + ");\n"
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
            return "'" + text.replacing("'", with: "''") + "'"
        case .blob(let data):
            let digits = "0123456789ABCDEF".unicodeScalars.map(Character.init)
            var hex = "X'"
            hex.reserveCapacity(data.count * 2 + 3)
            for byte in data {
                hex.append(digits[Int(byte >> 4)])
                hex.append(digits[Int(byte & 0x0F)])
            }
            return hex + "'"
        }
    }
}
