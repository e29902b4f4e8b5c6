import ORMShared

/// PostgreSQL's count of unresolved constraints in a trial: whether a deferred one (`DEFERRABLE`,
/// deferred by `SET CONSTRAINTS ALL DEFERRED`) is unresolved, asked with `SET CONSTRAINTS ALL
/// IMMEDIATE` in a savepoint rolled back whatever happens (which also undoes the setting and marks
/// the checked events pending again); the server's error names the constraint. Constraints are
/// always enforced.
struct PostgresUnresolvedForeignKeys: UnresolvedForeignKeys {
    package let connection: PostgresConnection

    package func count() throws -> (count: Int, error: (any Error)?) {
        try connection.savepoint("orm_trial_deferred")
        var failure: (any Error)?
        do {
            try connection.execute("SET CONSTRAINTS ALL IMMEDIATE")
        } catch let error as any DatabaseError where error.isSessionFailure {
            throw error
        } catch {
            failure = error
        }
        try connection.rollback(toSavepoint: "orm_trial_deferred")
        try connection.releaseSavepoint("orm_trial_deferred")
        return (failure == nil ? 0 : 1, failure)
    }

    package func error(refusing sql: String) -> any Error {
        ORMError.transactionFailed(reason: "a deferred constraint is left unresolved by: \(sql)")
    }
}

extension PostgresConnection {
    package func unresolvedForeignKeys() throws -> any UnresolvedForeignKeys {
        PostgresUnresolvedForeignKeys(connection: self)
    }
}
