/// What committing a new object does when its row would clash with a stored row on a unique column,
/// a unique index, or a key the object provides (SQLite's UNIQUE or PRIMARY KEY constraint).
///
/// Set per model (`static let onConflict = InsertConflictPolicy.update` in the class, see
/// ``Model/onConflict``) or per call (``CommitOptions/onConflict``).
public enum InsertConflictPolicy: Sendable, Hashable {
    /// The commit fails with SQLite's constraint error and writes nothing (the default).
    case fail
    /// The commit updates the stored row with every value of the object instead (an upsert): the
    /// object takes that row's key and becomes its object in the identity map. Events and hooks
    /// see an update (`willInsert` was asked first, then `willUpdate`; `didUpdate` runs). A live
    /// object that held the row leaves the identity map (fetches return the upserted object from
    /// then on) and reads the row again on next access, keeping its own unsaved changes. An object
    /// already inserted is updated as always; its clash still fails.
    case update
}
