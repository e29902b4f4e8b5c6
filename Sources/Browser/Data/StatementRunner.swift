import FoundationEssentials
import ORMCore

/// Runs a statement typed at the SQL prompt, deciding from its first keyword how to treat it.
///
/// | Starts with | Run as |
/// | --- | --- |
/// | `SELECT`, `WITH`, `VALUES` | a paged, sortable source (``PagedSource/query(_:in:)``) |
/// | `PRAGMA`, `EXPLAIN` | read at once into a ``MaterializedSource`` |
/// | `INSERT`, `UPDATE`, `DELETE`, `REPLACE` | executed; the rows changed are reported |
/// | anything else | executed |
///
/// A `WITH` that turns out to be a write (`WITH x AS (...) DELETE ...`) is executed instead.
struct StatementRunner {
    /// The database statements run on.
    let database: Database

    /// Runs `text` (a trailing `;` is ignored).
    ///
    /// - Throws: SQLite's error, or ORMCore's read-only error for a write on a read-only database.
    func run(_ text: String) throws -> StatementOutcome {
        let statement = Self.trimmed(text)
        let keyword = Self.firstKeyword(of: statement)
        switch keyword {
        case "SELECT", "VALUES":
            return .rows(try PagedSource.query(statement, in: database))
        case "WITH":
            do {
                return .rows(try PagedSource.query(statement, in: database))
            } catch {
                return try execute(statement, keyword: keyword)
            }
        case "PRAGMA", "EXPLAIN":
            let table = try database.fetchRows(SQL(statement))
            if table.columns.isEmpty {
                return .done
            }
            return .rows(MaterializedSource(title: keyword.lowercased(), columns: table.columns.map { GridColumn(name: $0) },
                                            rows: table.rows.map { $0.map(GridValue.init) }))
        default:
            return try execute(statement, keyword: keyword)
        }
    }

    /// The statement without surrounding blanks and trailing semicolons.
    static func trimmed(_ text: String) -> String {
        var result = text.trimmedWhitespace
        while result.hasSuffix(";") {
            result.removeLast()
            result = result.trimmedWhitespace
        }
        return result
    }

    /// The first word of `statement`, upper-cased.
    static func firstKeyword(of statement: String) -> String {
        String(statement.prefix { $0.isLetter }).uppercased()
    }

    /// Executes a statement that returns no rows.
    private func execute(_ statement: String, keyword: String) throws -> StatementOutcome {
        let changed = try database.execute(SQL(statement))
        let counts = ["INSERT", "UPDATE", "DELETE", "REPLACE", "WITH"].contains(keyword)
        return counts ? .changed(changed) : .done
    }
}
