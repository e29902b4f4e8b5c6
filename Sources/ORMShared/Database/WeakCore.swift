/// A weak reference to a database's core, for the monitor's timer and loop.
package struct WeakCore: @unchecked Sendable {
    // Written once at init, read-only after.
    package weak var core: DatabaseCore?
    package init(_ core: DatabaseCore) { self.core = core }
}
