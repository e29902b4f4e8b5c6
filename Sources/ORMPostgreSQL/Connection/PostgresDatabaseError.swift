import PostgresClient
import ORMShared

/// A PostgreSQL error as ORMCore's shared layers read any database's (``DatabaseError``): upsert,
/// ``UniqueViolation`` and the random-key retry catch it as they catch ``SQLiteError``.
///
/// | SQLSTATE | reads as |
/// | --- | --- |
/// | `23505` unique_violation | ``isUniqueViolation``, with the table and columns (``uniqueViolation``) |
/// | `57014` query_canceled | ``isInterrupted`` (a cancel request: reef's `Esc`, `InterruptHandle`) |
/// | `40001` serialization_failure, `40P01` deadlock_detected, `55P03` lock_not_available | ``isBusy``: run the transaction again |
/// | libpq's connection errors, `57P01`-`57P03`, class `08` | ``isConnectionLost`` (a plain read outside a transaction was already run once more on a new session) |
/// | no server of the URL took writes | ``isNoServerAcceptingWrites``, naming each server tried (``serversTried``) |
///
/// ```swift
/// catch let error as PGError { throw PostgresDatabaseError(error) }
/// ```
public struct PostgresDatabaseError: DatabaseError, Equatable {
    /// The error as the server (or libpq) reported it, every field kept.
    public let underlying: PGError

    /// Whether ORMCore knows the failed work can simply run again (a transaction the server says
    /// did not commit after its `COMMIT`'s answer was lost).
    private let knownRetryable: Bool

    /// Wraps a PostgreSQL error; `retryable` when ORMCore knows nothing of the failed work was
    /// written (beside the server's own retryable failures, ``isRetryable``).
    public init(_ error: PGError, retryable: Bool = false) {
        underlying = error
        knownRetryable = retryable
    }

    /// Whether the failed transaction can run again as it is: the server found a serialization
    /// failure (`40001`) or a deadlock (`40P01`) and rolled it back, or a `COMMIT` whose answer was
    /// lost was found not to have committed.
    public var isRetryable: Bool {
        knownRetryable || underlying.sqlState == "40001" || underlying.sqlState == "40P01"
    }

    /// The server's message.
    public var message: String { underlying.message }
    /// The statement that failed.
    public var sql: String? { underlying.sql }
    /// Where in ``sql`` the server found the error, in characters from its start (its 1-based
    /// error position, less one); nil when it did not say.
    public var sqlOffset: Int? { underlying.position.map { $0 - 1 } }
    /// SQLSTATE `23505`.
    public var isUniqueViolation: Bool { underlying.isUniqueViolation }

    /// The session with the server was lost or could not be made (`PGError.isConnectionLost`):
    /// ORMCore connects again on the next use of the database (a reader, or the writer outside a
    /// transaction).
    public var isConnectionLost: Bool { underlying.isConnectionLost }

    /// No server the connection string lists takes writes: each refused the connection or is a
    /// standby (a failover under way, or the primary down and no standby promoted). The message
    /// names them (`no server accepting writes: tried db1:5432, db2:5432`), ``serversTried`` lists
    /// them, and the detail holds libpq's reason for each. ``isConnectionLost`` too, so
    /// ``Database/transaction(retryingFor:_:)`` waits for a server that takes writes.
    public var isNoServerAcceptingWrites: Bool { underlying.isNoServerAcceptingWrites }

    /// The server asked for a password and none was given (the connection string, `PGPASSWORD`
    /// and the password file had none): ask the user, then open again with
    /// ``Configuration/password`` set. False for a wrong password.
    public var needsPassword: Bool { underlying.needsPassword }

    /// The servers tried, as `host:port`, when ``isNoServerAcceptingWrites``; empty otherwise.
    public var serversTried: [String] { underlying.serversTriedForWrites ?? [] }

    /// A unique violation on the table's primary key: the constraint the server names is the one
    /// PostgreSQL makes for an unnamed `PRIMARY KEY` (`<table>_pkey`, clipped to 63 bytes as the
    /// server clips it), which is how ORMCore's `CREATE TABLE` declares every key.
    public var isPrimaryKeyViolation: Bool {
        guard isUniqueViolation, let table = underlying.table, let constraint = underlying.constraint else {
            return false
        }
        return constraint == Self.defaultConstraintName(table: table, suffix: "pkey")
    }

    /// The table and the columns a unique violation names, read from the server's detail
    /// (`Key (email, "odd ""name""")=(…) already exists.`); for a unique index on expressions
    /// (`Key (lower(email))=…`), or when the detail is withheld (a role without `SELECT` on the
    /// columns), the index instead, as the constraint the server names. Nil for other errors.
    public var uniqueViolation: UniqueViolation? {
        guard isUniqueViolation else {
            return nil
        }
        if let detail = underlying.detail, let columns = Self.keyColumns(inDetail: detail) {
            return UniqueViolation(table: underlying.table, columns: columns, index: nil)
        }
        guard let constraint = underlying.constraint else {
            return nil
        }
        return UniqueViolation(table: nil, columns: [], index: constraint)
    }

    /// Another transaction's lock or a serialization race stopped the statement: `40001`,
    /// `40P01` (the server chose this transaction to end a deadlock) and `55P03` (`NOWAIT`, or
    /// `lock_timeout`). The transaction is aborted; running it again may succeed.
    public var isBusy: Bool {
        underlying.isRetryable || underlying.sqlState == "55P03"
    }

    /// SQLSTATE `57014`: stopped by a cancel request (or `statement_timeout`).
    public var isInterrupted: Bool { underlying.isCancelled || underlying.sqlState == "57014" }

    /// A lock not had, a cancel, anything but the server's verdict on the statement (a lost
    /// connection, a client error), and the server's classes 08 (connection), 53 (resources), 57
    /// (operator intervention), 58 (system) and XX (internal), and 25006 (a read-only transaction).
    public var isSessionFailure: Bool {
        if isBusy || isInterrupted || underlying.kind != .server { return true }
        let state = underlying.sqlState ?? ""
        return ["08", "53", "57", "58", "XX"].contains(String(state.prefix(2))) || state == "25006"
    }

    /// The server's error as `PGError` writes it: SQLSTATE, message, detail, hint, statement.
    public var description: String { underlying.description }

    // MARK: - Reading the server's words

    /// The columns of `Key (a, "b c")=(…) already exists.`, unquoted; nil when the detail has
    /// another form or names an expression.
    package static func keyColumns(inDetail detail: String) -> [String]? {
        var scalars = Substring(detail).unicodeScalars[...]
        let lead = "Key (".unicodeScalars
        guard scalars.starts(with: lead) else {
            return nil
        }
        scalars.removeFirst(lead.count)
        var columns: [String] = []
        while true {
            var name = String.UnicodeScalarView()
            if scalars.first == "\"" {
                scalars.removeFirst()
                while true {
                    guard let scalar = scalars.popFirst() else { return nil }
                    if scalar == "\"" {
                        guard scalars.first == "\"" else { break }
                        scalars.removeFirst()
                    }
                    name.append(scalar)
                }
            } else {
                while let scalar = scalars.first, scalar != ",", scalar != ")" {
                    // An expression (`lower(email)`, `(a + b)`) or a stray quote: not a column.
                    guard scalar != "(", scalar != "\"", scalar != " " else { return nil }
                    name.append(scalar)
                    scalars.removeFirst()
                }
                guard !name.isEmpty else { return nil }
            }
            columns.append(String(name))
            guard let separator = scalars.popFirst() else { return nil }
            if separator == ")" {
                return scalars.first == "=" ? columns : nil
            }
            guard separator == ",", scalars.popFirst() == " " else { return nil }
        }
    }

    /// The name PostgreSQL gives an unnamed constraint of `table` (`<table>_<suffix>`): the
    /// table's name clipped, at a character boundary, so the whole fits in 63 bytes
    /// (`NAMEDATALEN` - 1), as the server's `makeObjectName` does.
    static func defaultConstraintName(table: String, suffix: String) -> String {
        let room = 63 - suffix.utf8.count - 1
        var clipped = String.UnicodeScalarView()
        var used = 0
        for scalar in table.unicodeScalars {
            let size = String(scalar).utf8.count
            guard used + size <= room else { break }
            clipped.append(scalar)
            used += size
        }
        return String(clipped) + "_" + suffix
    }
}
