import PostgresClient
import ORMShared

/// A statement a ``PostgresConnection`` sent without waiting for its answer, and what to do with
/// the answer once read.
struct AwaitedAnswer {
    /// The statement sent: it reads the answer's first column as it reads its own rows.
    package let statement: PostgresStatement
    /// Called with the answer, in the order the statements were sent.
    package let answered: (SentAnswer) throws -> Void
}

// Writes sent without waiting for each answer (libpq's pipeline mode, through `PGConnection`'s
// `sendPipelined` and `readPipelinedAnswers`): a many-object commit costs one round trip.

extension PostgresConnection {
    /// PostgreSQL takes statements without waiting for their answers.
    package var sendsWithoutWaiting: Bool { true }

    /// Sends `statement`, bound, without waiting for its answer, which ``readSentAnswers()`` hands
    /// to `answered`. The first statement sent is checked as any statement that runs
    /// (``willRun(_:)``); the others are traced.
    ///
    /// - Throws: ``PostgresDatabaseError`` when it cannot be sent.
    package func send(_ statement: PostgresStatement, answered: @escaping (SentAnswer) throws -> Void) throws {
        if awaitedAnswers.isEmpty {
            try willRun(statement.sql)
        } else {
            tracer?(statement.sql)
        }
        try Self.wrapping { try statement.sendWithoutWaiting() }
        awaitedAnswers.append(AwaitedAnswer(statement: statement, answered: answered))
    }

    /// Reads the answer of every statement sent, in order, handing each to its closure; the
    /// connection then runs anything again. Called before any other statement runs.
    ///
    /// - Throws: ``PostgresDatabaseError`` for the first statement that failed (the server's
    ///   fields: its constraint, table and detail), or what a closure threw; the statements after
    ///   it were skipped by the server and their closures never called. The open transaction is
    ///   then aborted, waiting for its rollback.
    package func readSentAnswers() throws {
        guard !awaitedAnswers.isEmpty else {
            return
        }
        let awaited = awaitedAnswers
        awaitedAnswers = []
        var next = 0
        try Self.wrapping {
            try client.readPipelinedAnswers { answer in
                guard next < awaited.count else { return }
                let entry = awaited[next]
                next += 1
                let value = answer.firstRow.map(entry.statement.firstValue(ofAnswer:)) ?? .null
                try entry.answered(SentAnswer(firstValue: value, changedRows: answer.affectedRows))
            }
        }
    }
}
