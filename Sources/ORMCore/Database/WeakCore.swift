/// A weak reference to a database's core, for the monitor's timer and loop.
struct WeakCore: @unchecked Sendable {
    // Written once at init, read-only after.
    weak var core: DatabaseCore?
    init(_ core: DatabaseCore) { self.core = core }
}
