import ORMShared

// Keys for the rows a PostgreSQL trial inserts.

extension PostgresConnection {
    /// Steps as this session's trial runs them: an insert that leaves out the generated key is
    /// given the key the sequence would give next (``TrialKeys``, one for the whole trial), so the
    /// trial draws nothing from it.
    package func keyingTrialSteps() -> ((EditTrial.Step) -> EditTrial.Step)? {
        let keys = TrialKeys()
        return { [self] step in takingTrialKey(step, from: keys) }
    }

    private func takingTrialKey(_ step: EditTrial.Step, from keys: TrialKeys) -> EditTrial.Step {
        guard let (table, values) = step.insert, let column = table.generatedKeyColumn, values[column] == nil else {
            return step
        }
        var keyed = step
        let run = step.run
        keyed.run = { [self] connection, sql in
            var statement = sql
            if let key = try keys.take(for: table, column: column, on: self) {
                var given = values
                given[column] = .integer(key.value)
                statement = try table.insertSQL(given, overridingSystemValue: key.always)
            }
            if let run {
                try run(connection, statement)
            } else {
                try connection.execute(statement)
            }
        }
        return keyed
    }
}
