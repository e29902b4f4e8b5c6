import Dispatch
import ORMCore
import Synchronization

/// The tables and views of the database with their row counts.
///
/// The names are read at once; the counts are taken one after another on a background queue and
/// appear as they finish (nil until then), so a huge table never delays the first screen. Tables
/// are counted before views (a view may be slow to count, or never end), and a recount interrupts
/// the counting it replaces, so counts given up on never hold readers.
final class Catalog {
    /// The database listed.
    let database: Database
    /// The tables and views, in the schema's name order.
    private(set) var names: [(name: String, kind: CatalogEntry.Kind)] = []
    /// Counts finished by the background queue, shared with it.
    private let counts = CountBoard()

    /// Reads the list of tables and views and starts counting them.
    init(database: Database) throws {
        self.database = database
        try refresh()
    }

    /// The entries with the counts known so far.
    var entries: [CatalogEntry] {
        let known = counts.snapshot()
        return names.map { name in
            var entry = CatalogEntry(name: name.name, kind: name.kind)
            switch known[name.name] {
            case .done(let count): entry.count = count
            case .failed: entry.countFailed = true
            case .counting, nil: break
            }
            return entry
        }
    }

    /// Whether some count is still running.
    var isCounting: Bool {
        counts.snapshot().count < names.count
    }

    /// Reads the list again (after a schema change or a reload) and recounts every object.
    func refresh() throws {
        names = try database.schemaObjects().map { object in
            switch object.kind {
            case .view: (object.name, CatalogEntry.Kind.view)
            case .virtual: (object.name, CatalogEntry.Kind.virtual)
            default: (object.name, CatalogEntry.Kind.table)
            }
        }
        let (generation, interruption) = counts.reset()
        let database = self.database
        let board = counts
        let toCount = names.filter { $0.kind != .view }.map(\.name) + names.filter { $0.kind == .view }.map(\.name)
        DispatchQueue.global(qos: .utility).async {
            for name in toCount {
                guard board.isCurrent(generation) else {
                    return
                }
                let count: CountState
                do {
                    count = .done(try interruption.run { try database.table(name).query().count() })
                } catch {
                    count = .failed(UserMessage.describe(error))
                }
                board.record(count, for: name, generation: generation)
            }
        }
    }
}

/// Counts written by the background queue and read by the main loop.
private final class CountBoard: Sendable {
    /// The counts by name, the generation they belong to, and what stops its counting.
    private let state = Mutex<(generation: Int, counts: [String: CountState], interruption: Interruption)>(
        (0, [:], Interruption()))

    /// Forgets every count, stops the counting under way and starts a new generation; returns its
    /// number and the interruption its counting runs under.
    func reset() -> (generation: Int, interruption: Interruption) {
        state.withLock { value in
            value.interruption.interrupt()
            value = (value.generation + 1, [:], Interruption())
            return (value.generation, value.interruption)
        }
    }

    deinit {
        state.withLock { $0.interruption.interrupt() }
    }

    /// Whether `generation` is still the current one.
    func isCurrent(_ generation: Int) -> Bool {
        state.withLock { $0.generation == generation }
    }

    /// Stores a count (or why it failed), unless a newer generation started.
    func record(_ count: CountState, for name: String, generation: Int) {
        state.withLock { value in
            if value.generation == generation {
                value.counts[name] = count
            }
        }
    }

    /// The counts known now, failed ones included.
    func snapshot() -> [String: CountState] {
        state.withLock { $0.counts }
    }
}
