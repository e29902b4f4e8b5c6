import Synchronization

/// Counts, on PostgreSQL, the writer's statements that may have ended a transaction of its own,
/// so that the watch of other sessions' commits (``PostgresChangeWatch``) can tell how many of the
/// transactions it saw commit could be this database's: the rest are another session's.
///
/// A statement counts when it may commit a transaction id: one run outside a transaction (it is
/// its own transaction), and inside one a `COMMIT`, `END` or `RELEASE` (a released savepoint's
/// subtransaction commits with its parent and has an id of its own), told by its first letter, so
/// that the count errs only upwards (a `CREATE` inside a transaction counts too; `BEGIN`, and the
/// inserts and updates that make up a model's commit, do not). What it cannot see: subtransactions
/// that PL/pgSQL opens for a block with an `EXCEPTION` clause, and savepoints never released (a
/// `COMMIT` ends them with one count): commits of those look like another session's (an extra
/// delivery of every table, never a missed one).
///
/// The count and whether its last statement may still be running are one word, written only by
/// the writer's thread (under its lock) and read by the watch: a look that reads it before asking
/// the server and again after knows every statement of the writer that may have committed in
/// between (those counted since, and the one running at the first reading).
package final class WriterActivity: Sendable {
    /// The count shifted left by one; the low bit is set while the last statement counted may
    /// still be running.
    private let word = Atomic<UInt64>(0)

    /// Makes one that counted nothing yet.
    package init() {}

    /// What a look reads: the statements counted so far, and whether the last one may still be
    /// running.
    package struct Reading: Equatable {
        package var count: UInt64
        package var lastMayBeRunning: Bool

        /// The writer's statements that may have committed between this reading and `later`.
        package func commitsAtMost(until later: Reading) -> UInt64 {
            later.count &- count &+ (lastMayBeRunning ? 1 : 0)
        }

        /// Makes one from each of its stored properties (the memberwise initialiser, for the drivers).
        package init(count: UInt64, lastMayBeRunning: Bool) {
            self.count = count
            self.lastMayBeRunning = lastMayBeRunning
        }
    }

    /// The writer is about to run a statement: counted when it `mayCommit`; the one before it has
    /// ended either way.
    package func statementWillRun(mayCommit: Bool) {
        let now = word.load(ordering: .relaxed)
        word.store(mayCommit ? ((now >> 1) &+ 1) << 1 | 1 : now & ~1, ordering: .releasing)
    }

    /// An outermost use of the writer ended: no statement of it is running.
    func useEnded() {
        let now = word.load(ordering: .relaxed)
        if now & 1 != 0 { word.store(now & ~1, ordering: .releasing) }
    }

    /// The count and whether its last statement may still be running.
    package var reading: Reading {
        let now = word.load(ordering: .acquiring)
        return Reading(count: now >> 1, lastMayBeRunning: now & 1 != 0)
    }

    /// Whether `sql`, about to run with the session in `status`, may commit a transaction id (see
    /// the type's description). Decided from the first character that is not a space, so that
    /// the inserts of a model's commit pay nothing measurable.
    package static func mayCommit(_ sql: String, insideTransaction: Bool) -> Bool {
        var first: UInt8 = 0
        for byte in sql.utf8 where byte != 0x20 && byte != 0x0A && byte != 0x09 && byte != 0x0D {
            first = byte | 0x20  // lower case for letters
            break
        }
        if !insideTransaction {
            // `BEGIN` opens a transaction and ends none; anything else runs as one of its own.
            return first != UInt8(ascii: "b")
        }
        switch first {
        case UInt8(ascii: "i"), UInt8(ascii: "u"), UInt8(ascii: "d"), UInt8(ascii: "s"), UInt8(ascii: "w"),
             UInt8(ascii: "m"), UInt8(ascii: "t"), UInt8(ascii: "v"), UInt8(ascii: "l"), UInt8(ascii: "f"),
             UInt8(ascii: "n"), UInt8(ascii: "a"):
            // INSERT, UPDATE, DELETE, SELECT, SAVEPOINT, SET, WITH, MERGE, TRUNCATE, VALUES, LOCK,
            // FETCH, NOTIFY, ALTER, ABORT: none ends the transaction with a commit.
            return false
        default:
            // COMMIT, END, RELEASE, PREPARE TRANSACTION, and anything not told by its first letter
            // (a comment, CREATE, CALL…): counted.
            return true
        }
    }
}
