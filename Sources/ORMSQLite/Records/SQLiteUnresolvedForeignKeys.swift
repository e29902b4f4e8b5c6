import ORMShared

/// SQLite's count of unresolved foreign keys in a trial: its deferred-constraint counter, which
/// says only whether there are any, or (when the transaction had some before the trial: its own
/// changes, in a caller's transaction) a count with `pragma_foreign_key_check`.
struct SQLiteUnresolvedForeignKeys: UnresolvedForeignKeys {
    private let connection: Connection
    /// Whether foreign keys are enforced on the connection.
    private let enforced: Bool
    /// Whether violations are counted rather than read from the counter.
    private let countsViolations: Bool

    /// The count on `connection`, as its transaction stands now.
    init(_ connection: Connection) throws {
        self.connection = connection
        enforced = try connection.foreignKeysEnabled()
        countsViolations = enforced && connection.hasUnresolvedForeignKeys
    }

    package func count() throws -> (count: Int, error: (any Error)?) {
        guard enforced else { return (0, nil) }
        guard countsViolations else { return (connection.hasUnresolvedForeignKeys ? 1 : 0, nil) }
        var count = 0
        try connection.forEachRow("SELECT count(*) FROM pragma_foreign_key_check") { count = Int($0.int64(at: 0)) }
        return (count, nil)
    }

    package func error(refusing sql: String) -> any Error {
        SQLiteError(code: ResultCode(rawValue: 787), message: "FOREIGN KEY constraint failed", sql: sql)
    }
}

extension Connection {
    package func unresolvedForeignKeys() throws -> any UnresolvedForeignKeys {
        try SQLiteUnresolvedForeignKeys(self)
    }
}
