import ORMShared

/// The keys a PostgreSQL trial gives the rows it inserts without one, in place of the sequence's.
///
/// A sequence is never rolled back: a trial whose insert drew `nextval` would use up a key each
/// time an edit is checked, so that committed rows skip numbers and a staged row shows a key the
/// commit will not give it. The trial instead inserts the key the sequence would give next, read
/// without drawing it (`pg_sequence_last_value`), and the next ones for the trial's further
/// inserts into the table, as SQLite's trials see the next rowid. Where it cannot be read (no
/// sequence behind the key, no privilege on it) the insert draws from the sequence as before.
final class TrialKeys: @unchecked Sendable {
    // Used by one trial on one thread; a class so the steps' closures share it.
    private var next: [String: (value: Int64, increment: Int64, always: Bool)?] = [:]

    /// The key of `column` for the next insert into `table` in this trial, and whether the column
    /// is `GENERATED ALWAYS` (the insert must say `OVERRIDING SYSTEM VALUE`); nil when the sequence
    /// cannot be read.
    package func take(for table: DynamicTable, column: String, on connection: PostgresConnection) throws -> (value: Int64, always: Bool)? {
        if next[table.name] == nil {
            next[table.name] = try Self.peek(table: table, column: column, on: connection)
        }
        guard let entry = next[table.name] ?? nil else { return nil }
        next[table.name] = (entry.value + entry.increment, entry.increment, entry.always)
        return (entry.value, entry.always)
    }

    /// The value the sequence behind `column` gives next, its increment and whether the column is
    /// an identity `GENERATED ALWAYS`, read in a savepoint of its own (an error there, such as a
    /// missing privilege, must not refuse the edit).
    private static func peek(
        table: DynamicTable, column: String, on connection: PostgresConnection
    ) throws -> (value: Int64, increment: Int64, always: Bool)? {
        let name = connection.dialect.quoteIdentifier(table.name)
        let sql = SQL(
            """
            SELECT CASE WHEN pg_sequence_last_value(s.seqrelid) IS NULL THEN s.seqstart
                        ELSE pg_sequence_last_value(s.seqrelid) + s.seqincrement END,
                   s.seqincrement, a.attidentity = 'a'
            FROM pg_sequence AS s, pg_attribute AS a
            WHERE s.seqrelid = CAST(pg_get_serial_sequence(?, ?) AS regclass)
              AND a.attrelid = CAST(? AS regclass) AND a.attname = ?
            """, arguments: [SQLValue.text(name), SQLValue.text(column), SQLValue.text(name), SQLValue.text(column)])
        try connection.savepoint("orm_trial_key")
        var found: (value: Int64, increment: Int64, always: Bool)?
        do {
            try connection.cachedStatement(sql.text).use { statement in
                try statement.bind(sql.arguments)
                if try statement.step(), case .integer(let value) = statement.value(at: 0),
                   case .integer(let increment) = statement.value(at: 1) {
                    found = (value, increment, statement.value(at: 2) == .integer(1))
                }
                statement.reset()
            }
            try connection.releaseSavepoint("orm_trial_key")
        } catch {
            try connection.rollback(toSavepoint: "orm_trial_key")
            try connection.releaseSavepoint("orm_trial_key")
            found = nil
        }
        return found
    }
}
