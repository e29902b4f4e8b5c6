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
        case let error as PostgresDatabaseError:
            // The server's words, as psql shows them: no SQLSTATE, no statement (the prompt has it).
            var text = error.message
            if let detail = error.underlying.detail { text += " (\(detail))" }
            if let hint = error.underlying.hint { text += "; hint: \(hint)" }
            return text
        case let error as RowsNotRead:
            return error.description
        case let error as ORMError:
            if case .readOnlyDatabase = error {
                return "the database is open read-only (--readonly)"
            }
            return error.description
        default:
            return String(describing: error)
        }
    }

    /// ``describe(_:)`` for an error of `statement`, typed by the user, followed by where in it
    /// the database found the error when it said (`(at column 14: nosuch FROM custom…)`, with the
    /// line in a statement of several). The statement may have been run inside reef's own SQL
    /// (a query is wrapped to be paged): the place is told in the user's text.
    static func describe(_ error: any Error, in statement: String) -> String {
        let text = describe(error)
        guard let place = place(of: error, in: statement) else {
            return text
        }
        return text + " (at \(place))"
    }

    /// Where in `statement` a database error was found: `column 14: excerpt` or
    /// `line 2, column 5: excerpt`; nil when the database did not say, or said a place outside
    /// the user's text.
    static func place(of error: any Error, in statement: String) -> String? {
        guard let inTyped = offset(of: error, in: statement) else {
            return nil
        }
        let typed = trimmedStatement(statement)
        let index = typed.index(typed.startIndex, offsetBy: inTyped)
        let before = typed[..<index]
        let line = before.count { $0.isNewline } + 1
        let column = before.count - (before.lastIndex(where: \.isNewline).map { before.distance(from: before.startIndex, to: $0) + 1 } ?? 0) + 1
        let rest = typed[index...].prefix { !$0.isNewline }
        let excerpt = rest.count > 24 ? rest.prefix(24) + "…" : rest
        let position = typed.contains(where: \.isNewline) ? "line \(line), column \(column)" : "column \(column)"
        return excerpt.isEmpty ? position + ", the end" : position + ": " + Sanitizer.sanitize(String(excerpt))
    }

    /// Where in `statement`, in characters, a database error was found (at most its length, for
    /// a statement that ended too soon); nil when the database did not say, or said a place
    /// outside the user's text (in reef's SQL around it).
    static func offset(of error: any Error, in statement: String) -> Int? {
        guard let error = error as? any DatabaseError, let offset = error.sqlOffset, let sql = error.sql else {
            return nil
        }
        let typed = trimmedStatement(statement)
        guard !typed.isEmpty, let range = sql.firstRange(of: typed) else {
            return nil
        }
        let start = sql.distance(from: sql.startIndex, to: range.lowerBound)
        // Past the typed text (in reef's SQL around it): the text ended too soon.
        let inTyped = min(offset - start, typed.count)
        return inTyped >= 0 ? inTyped : nil
    }

    /// `statement` without the blanks and semicolons at its end.
    private static func trimmedStatement(_ statement: String) -> Substring {
        var typed = Substring(statement)
        while let last = typed.last, last.isWhitespace || last == ";" {
            typed = typed.dropLast()
        }
        return typed
    }

    /// A lost session with the server: what the server or libpq said (its first line), and that
    /// `r` connects again.
    private static func connectionLost(_ error: PGError) -> String {
        let reason = error.message.split(whereSeparator: \.isNewline).first.map(String.init) ?? error.message
        // What to do first: libpq's reason names a socket path or a host and can be long.
        return "lost the connection to the server: r connects again; staged changes are kept (\(reason))"
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
