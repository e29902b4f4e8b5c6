import ORMShared

// MARK: - PostgreSQL key sequences after keys given by hand

extension Database {
    /// After raw SQL `insert` ran on PostgreSQL: the key sequences of the model tables it inserted
    /// into while naming their key column (keys given by hand, which do not advance an identity's
    /// sequence) are moved past the largest key, as after an object given its key by hand: the
    /// next insert took such a key again and failed on it, where SQLite's rowid goes past. Tables
    /// no model of this database has used are not known here, and keep PostgreSQL's behaviour.
    package func keysGivenByHand(in insert: String, on connection: PostgresConnection) throws {
        for table in SQLScript.tablesWritten(by: insert, dialect: .postgres) {
            guard let type = schemaRegistry.model(forTable: table) else { continue }
            let schema = type.modelSchema
            let key = schema.primaryKey
            guard key.strategy == .rowID || key.strategy == .autoincrement, key.storedType == .integer else { continue }
            let keyName = key.name.lowercased()
            let namesKey = SQLToken.tokens(in: insert, dialect: .postgres).contains { token in
                guard token.kind == .word || token.kind == .quotedName else { return false }
                return token.unquoted(in: insert).lowercased() == keyName
            }
            if namesKey {
                // At once, in a transaction too: the raw SQL after it may insert without a key.
                try Self.catchUpKeySequence(schema, on: connection)
            }
        }
    }

    /// Moves `schema`'s key sequence past the largest key now, or, inside a transaction, once
    /// before it commits (``WriterRecordState/keySequencesBehind``).
    func keySequenceFellBehind(_ schema: ModelSchema, on connection: PostgresConnection) throws {
        if connection.isInTransaction {
            writerState.keySequencesBehind[schema.table] = schema
        } else {
            try Self.catchUpKeySequence(schema, on: connection)
        }
    }

    /// Runs `schema`'s key sequence catch-up (``ModelSchema/keySequenceCatchUpSQL(in:)``).
    package static func catchUpKeySequence(_ schema: ModelSchema, on connection: PostgresConnection) throws {
        guard let sql = schema.keySequenceCatchUpSQL(in: .postgres) else { return }
        try connection.execute(
            SQL(sql, arguments: [SQLDialect.postgres.quoteIdentifier(schema.table), schema.primaryKey.name]))
    }
}
