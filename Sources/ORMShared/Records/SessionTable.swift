import Dispatch
import Synchronization

/// A temporary table of the writer's session on PostgreSQL (`pg_temp."name"`), made by
/// ``Database/makeSessionTable(namedAfter:columns:fill:)``: rows that live on the server for this
/// session only, which every read of the database sees while it exists (reads run on the
/// writer's session then, the only one that has it).
///
/// The table is dropped when the last reference to this object goes (a view that joined it
/// closed), in the background, so whatever thread lets it go never waits for the writer.
public final class SessionTable: Hashable, Sendable {
    /// The table's name in its schema.
    public let name: String
    /// The columns, in order, as the table has them.
    public let columns: [String]
    /// The database whose writer's session holds it.
    private let database: Database
    /// Whether its drop was asked for (it is asked once).
    private let dropped = Atomic<Bool>(false)

    package init(name: String, columns: [String], database: Database) {
        self.name = name
        self.columns = columns
        self.database = database
    }

    /// The schema a session table is found in: PostgreSQL's `pg_temp`, the session's own.
    public static let schema = "pg_temp"

    /// Drops the table now (in the background) rather than when the last reference goes: the view
    /// that joined it is closed. Reads of it fail from then on; a second call does nothing.
    public func drop() {
        guard !dropped.exchange(true, ordering: .acquiringAndReleasing) else {
            return
        }
        let database = database
        let name = name
        DispatchQueue.global(qos: .utility).async {
            database.dropSessionTable(named: name)
        }
    }

    deinit {
        drop()
    }

    public static func == (lhs: SessionTable, rhs: SessionTable) -> Bool {
        lhs === rhs
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
