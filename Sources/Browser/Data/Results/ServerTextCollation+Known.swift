import ORMCore
import Synchronization

extension ServerTextCollation {
    /// A database's collation once the server has said it: a database's order does not change
    /// while reef is connected, so the statements of one session ask once, not once each.
    final class Known: Sendable {
        /// The collation known, and of which database (by identity: a session reopened elsewhere asks again).
        private let known = Mutex<(database: ObjectIdentifier, collation: ServerTextCollation)?>(nil)

        /// Nothing asked yet.
        init() {}

        /// The collation of the PostgreSQL database `database` is connected to, asked of the
        /// server the first time (again while the server cannot say: an aborted transaction);
        /// nil on SQLite.
        func collation(of database: Database) -> ServerTextCollation? {
            guard database.dialect.kind == .postgres else {
                return nil
            }
            let identity = ObjectIdentifier(database)
            if let collation = known.withLock({ $0?.database == identity ? $0?.collation : nil }) {
                return collation
            }
            guard let asked = ServerTextCollation.of(database) else {
                return nil
            }
            known.withLock { $0 = (identity, asked) }
            return asked
        }
    }
}
