import ORMCore
import PostgresClient

/// Turns errors into the one-line text shown to the user: the one place messages are worded.
enum UserMessage {
    /// A short description of `error`: SQLite's own message for database errors; a lost
    /// PostgreSQL session says so and that `r` connects again.
    static func describe(_ error: any Error) -> String {
        switch error {
        case let error as SQLiteError:
            return error.message + quotingHint(error)
        case let error as PostgresDatabaseError where error.isConnectionLost:
            return connectionLost(error.underlying)
        case let error as PGError where error.isConnectionLost:
            return connectionLost(error)
        case let error as ORMError:
            if case .readOnlyDatabase = error {
                return "the database is open read-only (--readonly)"
            }
            return error.description
        default:
            return String(describing: error)
        }
    }

    /// A lost session with the server: what the server or libpq said (its first line), and that
    /// `r` connects again.
    private static func connectionLost(_ error: PGError) -> String {
        let reason = error.message.split(whereSeparator: \.isNewline).first.map(String.init) ?? error.message
        return "lost the connection to the server (\(reason)): r connects again; staged changes are kept"
    }

    /// A hint for `no such column: x` when the SQL wrote `"x"`: double quotes name columns, and
    /// reef's connections do not fall back to reading them as text (SQLite's legacy quirk).
    private static func quotingHint(_ error: SQLiteError) -> String {
        let prefix = "no such column: "
        guard error.message.hasPrefix(prefix), let sql = error.sql else {
            return ""
        }
        let name = String(error.message.dropFirst(prefix.count))
        guard sql.contains(quoteIdentifier(name)) else {
            return ""
        }
        return " (text takes single quotes: \(SQLValue.text(name).sqlLiteral))"
    }

    /// The reason a database file could not be opened, for `reef: FILE: REASON`.
    static func openFailure(_ error: any Error) -> String {
        guard let error = error as? SQLiteError else {
            return describe(error)
        }
        switch error.code {
        case .notADatabase:
            return "not a SQLite database (file is not a database)"
        case .corrupt:
            return "the database is corrupt (\(error.message))"
        case .busy, .locked:
            return "the database is locked by another process (\(error.message))"
        case .cannotOpen:
            return "cannot open the file (\(error.message))"
        case .permission:
            return "permission denied (\(error.message))"
        default:
            return error.message
        }
    }
}
