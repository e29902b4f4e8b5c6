import ORMCore

/// The staged changes as the tests and the status bar read them off the app: each passes to
/// ``App/editing``.
extension App {
    /// The changes staged on each table (``Editing/staging``).
    var staging: StagingState {
        get { editing.staging }
        set { editing.staging = newValue }
    }

    /// How many changes are staged, over all tables (``Editing/pendingEditCount``).
    var pendingEditCount: Int {
        editing.pendingEditCount
    }
}
