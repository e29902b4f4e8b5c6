import Dispatch
import ORMCore
import Synchronization

/// Counts the rows of the catalog's tables and views, one after another on a background thread,
/// and keeps the counts for the main loop to read.
///
/// The order: names asked for again (``countAgain(_:)``), then the tables in sight, the other
/// tables, the views in sight, the other views (a view may be slow to count, or never end). Each
/// count is one `count(*)` (``Database/rowCount(ofTable:)``), so counting ten thousand tables costs
/// ten thousand short statements, not a description of each table.
///
/// A count is stopped, and shown as `?`, when it runs longer than ``CountLimits/catalogTime`` or
/// its name has been out of sight for ``CountLimits/outOfSight`` while it runs; a count asked for
/// again has no time limit (the user waits for it; Esc stops it: ``stopRequested(_:)``). Dropping the counter stops
/// the count under way: the worker holds the counter weakly, never while SQLite counts.
final class CatalogCounter: Sendable {
    /// One count under way.
    private struct Job {
        let name: String
        let serial: Int
        let interruption: Interruption
        /// Whether it gives up after ``CountLimits/catalogTime`` (counts asked for do not).
        let limited: Bool
        /// Why it was stopped, once it was.
        var stopReason: String?
        /// Since when its name has been out of sight, nil while in sight.
        var outOfSightSince: ContinuousClock.Instant?
    }

    private struct State {
        /// The counts known: done, failed or stopped (a count being taken again keeps its old value
        /// until the new one is in).
        var counts: [String: CountState] = [:]
        /// Every name, tables first, then views.
        var order: [String] = []
        /// How many of ``order`` are tables.
        var tableCount = 0
        /// The names of ``order``, and of its tables, to look up.
        var names: Set<String> = []
        var tables: Set<String> = []
        /// Where the walk through ``order`` stands.
        var next = 0
        /// The names that still need a count.
        var waiting: Set<String> = []
        /// Names asked for again, counted first and without a time limit.
        var requested: [String] = []
        /// Names counted again after changes, before the walk goes on.
        var again: [String] = []
        /// The names in sight, counted before the others of their kind.
        var inSight: [String] = []
        var inSightSet: Set<String> = []
        /// The count under way.
        var running: Job?
        /// Numbers the jobs, so a late timer stops only its own.
        var serial = 0
        /// Whether a worker is looping.
        var workerActive = false
        /// The largest count known, for the width of the list.
        var largest = 0
        /// Names whose rows a grid counts (``CatalogCounter/countedElsewhere(_:)``): not counted
        /// here while it does, so a slow view does not run twice at once.
        var elsewhere: Set<String> = []

        /// The next name to count, and whether it runs without a time limit.
        mutating func takeNext() -> (name: String, limited: Bool)? {
            while let name = requested.first {
                requested.removeFirst()
                if waiting.remove(name) != nil { return (name, false) }
            }
            if let name = inSight.first(where: { waiting.contains($0) && tables.contains($0) }) {
                waiting.remove(name)
                return (name, true)
            }
            while let name = again.first {
                again.removeFirst()
                if waiting.remove(name) != nil { return (name, true) }
            }
            // Tables in order; before the first view, the views in sight.
            while next < order.count {
                if next >= tableCount, let view = inSight.first(where: { waiting.contains($0) }) {
                    waiting.remove(view)
                    return (view, true)
                }
                let name = order[next]
                next += 1
                if waiting.remove(name) != nil { return (name, true) }
            }
            guard let rest = waiting.first else { return nil }  // names queued behind the walk
            waiting.remove(rest)
            return (rest, true)
        }
    }

    private let database: Database
    private let limits: CountLimits
    private let state = Mutex(State())

    /// A counter for `database`; nothing is counted until ``start(tables:views:)``.
    init(database: Database, limits: CountLimits = .standard) {
        self.database = database
        self.limits = limits
    }

    deinit {
        state.withLock { $0.running?.interruption.interrupt() }
    }

    // MARK: - Asking

    /// Counts `tables` and `views` (all of them, the views last), forgetting names no longer
    /// listed; counts known for the others stay shown until their new count is in. Stops the
    /// count under way. Names in `elsewhere` are left to their grids (``countedElsewhere(_:)``).
    func start(tables: [String], views: [String], elsewhere: Set<String> = []) {
        state.withLock { state in
            let names = Set(tables + views)
            state.elsewhere.formUnion(elsewhere.intersection(names).filter { state.counts[$0] == nil })
            state.counts = state.counts.filter { names.contains($0.key) }
            state.order = tables + views
            state.tableCount = tables.count
            state.names = names
            state.tables = Set(tables)
            state.next = 0
            state.waiting = names.subtracting(state.elsewhere)
            state.requested = []
            state.again = []
            state.running?.stopReason = "recounted"
            state.running?.interruption.interrupt()
        }
        startWorker()
    }

    /// Counts `names` again (after committed changes touched them), keeping their old counts shown
    /// meanwhile.
    func recount(_ names: some Sequence<String>) {
        state.withLock { state in
            for name in names where state.names.contains(name) && !state.waiting.contains(name)
                && !state.elsewhere.contains(name) {
                state.waiting.insert(name)
                state.again.append(name)
                if state.running?.name == name {
                    state.running?.stopReason = "recounted"
                    state.running?.interruption.interrupt()
                }
            }
        }
        startWorker()
    }

    /// Counts `name` again before anything else, without a time limit (Enter on it, `r`).
    func countAgain(_ name: String) {
        state.withLock { state in
            guard state.names.contains(name), state.running?.name != name else { return }
            state.counts[name] = nil
            state.waiting.insert(name)
            state.requested.append(name)
        }
        startWorker()
    }

    /// Leaves the count of `name` to a grid that counts the same rows (a view or table opened
    /// without a filter): it is not taken here while the grid counts, so a view slow to count does
    /// not run twice at once. The grid's count comes back through ``adopt(_:count:)``, or
    /// ``gaveUp(_:reason:)`` when it stops. A count of it under way goes on.
    func countedElsewhere(_ name: String) {
        state.withLock { state in
            guard state.names.contains(name), state.counts[name] == nil else { return }
            state.elsewhere.insert(name)
            state.waiting.remove(name)
        }
    }

    /// Takes `count` as the count of `name`, taken elsewhere (a grid's count of the same rows): a
    /// count of it waiting here is dropped, one under way stopped.
    func adopt(_ name: String, count: Int) {
        state.withLock { state in
            guard state.names.contains(name) else { return }
            state.elsewhere.remove(name)
            state.counts[name] = .done(count)
            state.largest = max(state.largest, count)
            state.waiting.remove(name)
            if state.running?.name == name, state.running?.stopReason == nil {
                state.running?.stopReason = "adopted"
                state.running?.interruption.interrupt()
            }
        }
    }

    /// The grid that counted `name` (``countedElsewhere(_:)``) stopped or failed: the list shows
    /// `?` with `reason`, and counts it when asked (Enter, `r`), as it would a count of its own.
    func gaveUp(_ name: String, reason: String) {
        state.withLock { state in
            guard state.elsewhere.remove(name) != nil, state.counts[name] == nil else { return }
            state.counts[name] = .stopped(reason)
        }
    }

    /// Tells which names are in sight now (the rows of the table list drawn, the table shown):
    /// they are counted first, and a count whose name stays out of sight too long is stopped.
    func inSight(_ names: [String]) {
        let now = ContinuousClock.now
        state.withLock { state in
            state.inSight = names
            state.inSightSet = Set(names)
            guard var job = state.running else { return }
            if state.inSightSet.contains(job.name) {
                job.outOfSightSince = nil
            } else if let since = job.outOfSightSince {
                if now - since >= limits.outOfSight, job.stopReason == nil {
                    job.stopReason = "stopped while out of sight"
                    job.interruption.interrupt()
                }
            } else {
                job.outOfSightSince = now
            }
            state.running = job
        }
    }

    /// Stops the count of `name` if it is under way (Esc); returns whether one was.
    @discardableResult
    func stopRequested(_ name: String) -> Bool {
        state.withLock { state in
            guard state.running?.name == name, state.running?.stopReason == nil else { return false }
            state.running?.stopReason = "stopped"
            state.running?.interruption.interrupt()
            return true
        }
    }

    // MARK: - Reading

    /// The counts known now.
    func snapshot() -> [String: CountState] {
        state.withLock { $0.counts }
    }

    /// The count of `name` as known now, nil while it is first being taken.
    func count(of name: String) -> CountState? {
        state.withLock { $0.counts[name] }
    }

    /// Whether a count is under way or waits to be taken.
    var isCounting: Bool {
        state.withLock { $0.running != nil || !$0.waiting.isEmpty }
    }

    /// Whether the count of `name` is under way now.
    func isRunning(_ name: String) -> Bool {
        state.withLock { $0.running?.name == name }
    }

    /// The largest count known.
    var largest: Int {
        state.withLock { $0.largest }
    }

    // MARK: - Working

    private func startWorker() {
        let start = state.withLock { state -> Bool in
            guard !state.workerActive, !state.waiting.isEmpty else { return false }
            state.workerActive = true
            return true
        }
        guard start else { return }
        let database = database
        DispatchQueue.global(qos: .utility).async { [weak self] in
            // Strong only between counts: a dropped counter stops its count and the loop.
            while let job = self?.takeJob() {
                let result: CountState
                do {
                    result = .done(try job.interruption.run { try database.rowCount(ofTable: job.name) })
                } catch {
                    result = .failed(UserMessage.describe(error))
                }
                self?.finish(job, with: result)
            }
        }
    }

    /// The next job, or nil (the worker ends) when there is none.
    private func takeJob() -> Job? {
        let job = state.withLock { state -> Job? in
            guard let (name, limited) = state.takeNext() else {
                state.workerActive = false
                return nil
            }
            state.serial += 1
            let inSight = state.inSightSet.contains(name)
            let job = Job(name: name, serial: state.serial, interruption: Interruption(), limited: limited,
                          outOfSightSince: inSight ? nil : .now)
            state.running = job
            return job
        }
        if let job, job.limited {
            let time = limits.catalogTime.components
            let seconds = Double(time.seconds) + Double(time.attoseconds) / 1e18
            DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + seconds) { [weak self] in
                self?.expire(serial: job.serial)
            }
        }
        return job
    }

    /// Stops job `serial` for running past the time limit, if it still runs.
    private func expire(serial: Int) {
        state.withLock { state in
            guard state.running?.serial == serial, state.running?.stopReason == nil else { return }
            state.running?.stopReason = "stopped after \(CountLimits.describe(limits.catalogTime))"
            state.running?.interruption.interrupt()
        }
    }

    private func finish(_ job: Job, with result: CountState) {
        state.withLock { state in
            let reason = state.running?.serial == job.serial ? state.running?.stopReason : nil
            if state.running?.serial == job.serial {
                state.running = nil
            }
            if reason == "recounted" || reason == "adopted" {
                return  // counted again: it waits its turn; or its count came from a grid
            }
            guard state.names.contains(job.name) else { return }
            if let reason, case .failed = result {
                state.counts[job.name] = .stopped(reason)
            } else {
                state.counts[job.name] = result
            }
            if case .done(let count) = result {
                state.largest = max(state.largest, count)
            }
        }
    }
}
