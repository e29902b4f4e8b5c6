import Synchronization
import FoundationEssentials
import ORMCore

/// Collects the database's committed changes (from reef's own statements and from other processes)
/// for the app to pick up on its next tick.
final class LiveChanges: @unchecked Sendable {
    /// What changed since the last look.
    struct Summary: Equatable {
        /// The tables that changed.
        var tables: Set<String> = []
        /// Rows changed by this process (inserts, updates, deletes reported one by one).
        var rows = 0
        /// Whether another connection or process committed.
        var external = false
        /// Whether this process wrote some of it (its change sets name tables only, not the views
        /// that read them).
        var own = false
        /// Those of ``tables`` named only because which tables another session changed is not
        /// known yet (PostgreSQL's ``ChangeSet/unconfirmedTables``): the ones that did change are
        /// named again once the server tells.
        var unconfirmed: Set<String> = []

        /// Both summaries together: a table named for sure by either is sure.
        func merging(_ other: Summary) -> Summary {
            var merged = Summary(tables: tables, rows: rows + other.rows, external: external || other.external,
                                 own: own || other.own, unconfirmed: unconfirmed)
            merged.add(tables: other.tables, unconfirmed: other.unconfirmed)
            return merged
        }

        /// Adds `new` tables, `newUnconfirmed` among them.
        mutating func add(tables new: Set<String>, unconfirmed newUnconfirmed: Set<String>) {
            let sure = tables.subtracting(unconfirmed)
            unconfirmed = unconfirmed.subtracting(new.subtracting(newUnconfirmed)).union(newUnconfirmed.subtracting(sure))
            tables.formUnion(new)
        }

        /// This summary without `left` (tables left for the change that names them for sure).
        func leaving(_ left: Set<String>) -> Summary {
            var rest = self
            rest.tables.subtract(left)
            rest.unconfirmed.subtract(left)
            return rest
        }
    }

    // The handler runs on ORMCore's queue, `take` on the main loop.
    private let pending = Mutex(Summary())
    private var registration: EventRegistration?

    /// Wakes the main loop when changes come in.
    private let wakeup: Wakeup?

    /// Starts watching `database`; `wakeup` is signalled as changes come in, so the loop picks
    /// them up at once rather than on its next tick.
    init(database: Database, wakeup: Wakeup? = nil) {
        self.wakeup = wakeup
        // Synchronously: a statement run at reef's own prompt is recorded before it returns, so the
        // next tick always sees it.
        registration = database.observeChanges(synchronously: true) { [weak self] changes in
            self?.record(changes)
        }
    }

    deinit { registration?.cancel() }

    private func record(_ changes: ChangeSet) {
        pending.withLock { pending in
            pending.add(tables: changes.tables, unconfirmed: changes.unconfirmedTables)
            pending.rows += changes.rowCount
            if changes.isExternal { pending.external = true } else { pending.own = true }
        }
        wakeup?.signal()
    }

    /// Whether changes wait for ``take()``.
    var hasPending: Bool {
        pending.withLock { !$0.tables.isEmpty }
    }

    /// Takes what changed since the last call (nil when nothing did).
    func take() -> Summary? {
        pending.withLock { pending in
            guard !pending.tables.isEmpty else { return nil }
            defer { pending = Summary() }
            return pending
        }
    }
}
