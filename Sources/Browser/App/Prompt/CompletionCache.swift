import ORMCore

/// What completion has read of the schema beyond reef's table list: the columns of each table a
/// statement named (read once, the first time it is completed) and the connection's functions
/// (read once). Emptied when the schema is read again.
final class CompletionCache {
    /// The columns of each table read so far (nil: it could not be read).
    private var columns: [String: [String]?] = [:]
    /// The function names, once read.
    private var functions: [String]?

    /// Functions reef registers for itself (its search's case folding), not offered. SQLite's
    /// operators listed as functions (`->`, `->>`) are left out as names no one types bare.
    private static let hiddenFunctions: Set = [TextFold.functionName]

    /// Forgets what was read: the schema changed.
    func reset() {
        columns = [:]
    }

    /// The columns of `table` in `database`, read the first time.
    func columns(of table: String, in database: Database) -> [String]? {
        if let known = columns[table] {
            return known
        }
        let read = (try? database.tableInfo(table))?.map { $0.columns.map(\.name) }
        columns[table] = .some(read)
        return read
    }

    /// The functions the connection has (`pragma_function_list`), read the first time; none when
    /// they cannot be read.
    func functions(in database: Database) -> [String] {
        if let functions {
            return functions
        }
        let rows = (try? database.fetchAll("SELECT DISTINCT name FROM pragma_function_list ORDER BY name")) ?? []
        let names = rows.compactMap { row -> String? in
            guard case .text(let name)? = row.first, !SQLCompletion.needsQuoting(name) || SQLKeywords.contains(name),
                  !Self.hiddenFunctions.contains(name) else {
                return nil
            }
            return name
        }
        functions = names
        return names
    }
}
