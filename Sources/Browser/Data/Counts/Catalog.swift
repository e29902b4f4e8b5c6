import ORMCore

/// The tables and views of the database with their row counts.
///
/// The names are read at once; the counts are taken one after another in the background by a
/// ``CatalogCounter`` and appear as they finish (nil until then), so a huge table never delays the
/// first screen: the tables in sight first, views after tables (a view may be slow to count, or
/// never end). A count that runs too long, or goes on while its table is out of sight, is stopped
/// and shows `?` (``CatalogEntry/countStopped``) until it is asked for again.
final class Catalog {
    /// The database listed.
    let database: Database
    /// The tables and views, in the schema's name order.
    private(set) var names: [(name: String, kind: CatalogEntry.Kind)] = []
    /// The schema listed, named in the list's title where a database has schemas (PostgreSQL);
    /// nil for a SQLite file's `main`.
    let schema: String?
    /// The tables and views of the database's other schemas (PostgreSQL), listed after this
    /// schema's with their schema's name and estimates: the list's indexes past ``names`` are
    /// theirs. Browsing one opens the database again on its schema (``TableBrowser/browseElsewhere(_:)``).
    private(set) var elsewhere: [SchemaListing.QualifiedObject] = []
    /// The row counts the database's statistics estimate (PostgreSQL), shown as `~N` until the
    /// exact count is in; read with the names.
    private(set) var estimates: [String: Int] = [:]
    /// The widest name as the list draws it (sanitised), measured once per reading of the names.
    private(set) var widestName = 0
    /// The counts, taken in the background.
    private let counter: CatalogCounter

    /// Reads the list of tables and views and starts counting them, but for the view named
    /// `gridCounted`, whose grid opens first and counts it (``countedElsewhere(_:)``): matched as
    /// ``App`` matches a table asked for, exactly, else ignoring case.
    init(database: Database, limits: CountLimits = .standard, gridCounted: String? = nil) throws {
        self.database = database
        counter = CatalogCounter(database: database, limits: limits)
        schema = database.dialect == .sqlite ? nil : try database.schemaName()
        try refresh(changed: nil, gridCounted: gridCounted)
    }

    /// The entries with the counts known so far.
    var entries: [CatalogEntry] {
        entries(in: names.indices)
    }

    /// The entries at `range` (of ``names``) with the counts known so far: what the list draws.
    func entries(in range: Range<Int>) -> [CatalogEntry] {
        entries(at: Array(range.clamped(to: names.indices)))
    }

    /// How many rows the list has: this schema's tables and views, then the other schemas'.
    var listCount: Int {
        names.count + elsewhere.count
    }

    /// The other schema's object at list index `index`, nil for this schema's and past the list.
    func elsewhere(at index: Int) -> SchemaListing.QualifiedObject? {
        let position = index - names.count
        return elsewhere.indices.contains(position) ? elsewhere[position] : nil
    }

    /// The other schema's object the list shows as `qualifiedName` (`audit.log`): matched
    /// exactly, else ignoring case; nil when there is none.
    func elsewhere(qualifiedName: String) -> SchemaListing.QualifiedObject? {
        let qualified = elsewhere.map { $0.schema + "." + $0.name }
        let index = qualified.firstIndex(of: qualifiedName)
            ?? qualified.firstIndex { $0.equalsIgnoringCase(qualifiedName) }
        return index.map { elsewhere[$0] }
    }

    /// The name the list shows at `index`: a name of this schema as it is, another schema's
    /// qualified (`audit.log`); nil past the list.
    func listedName(at index: Int) -> String? {
        if names.indices.contains(index) {
            return names[index].name
        }
        return elsewhere(at: index).map { $0.schema + "." + $0.name }
    }

    /// The entries of the list at `indexes` (a narrowed list's), in that order; indexes past
    /// the list are left out.
    func entries(at indexes: [Int]) -> [CatalogEntry] {
        let known = counter.snapshot()
        return indexes.compactMap { index -> CatalogEntry? in
            guard names.indices.contains(index) else {
                return elsewhere(at: index).map { object in
                    CatalogEntry(name: object.name, kind: CatalogEntry.Kind(object.kind), estimate: object.estimatedRows,
                                 schema: object.schema)
                }
            }
            let name = names[index]
            var entry = CatalogEntry(name: name.name, kind: name.kind, estimate: estimates[name.name])
            switch known[name.name] {
            case .done(let count): entry.count = count
            case .failed: entry.countFailed = true
            case .stopped: entry.countStopped = true
            case .counting, nil: break
            }
            return entry
        }
    }

    /// The count of `name` as known now (nil while it is first taken).
    func count(of name: String) -> CountState? {
        counter.count(of: name)
    }

    /// Whether the count of `name` failed or was stopped (it shows `?`).
    func countStoppedOrFailed(_ name: String) -> Bool {
        switch counter.count(of: name) {
        case .failed, .stopped: true
        default: false
        }
    }

    /// Whether the count of `name` is under way now.
    func isRunningCount(of name: String) -> Bool {
        counter.isRunning(name)
    }

    /// Whether some count is under way or waits to be taken.
    var isCounting: Bool {
        counter.isCounting
    }

    /// The largest count known, for the width of the list.
    var largestCount: Int {
        counter.largest
    }

    /// The largest estimate, for the width of the list (`~` and the number).
    private(set) var largestEstimate = 0

    /// Reads the list again (after a schema change or a reload) and counts every object again;
    /// the counts known stay shown until their new count is in. Given the tables that `changed`,
    /// and the list is as it was, only those are counted again.
    func refresh(changed: Set<String>? = nil) throws {
        try refresh(changed: changed, gridCounted: nil)
    }

    private func refresh(changed: Set<String>?, gridCounted: String?) throws {
        let previous = names.map(\.name)
        let listing = try database.schemaListing()
        names = listing.objects.map { object in (object.name, CatalogEntry.Kind(object.kind)) }
        estimates = listing.estimatedRowCounts
        elsewhere = listing.otherSchemas
        largestEstimate = max(estimates.values.max() ?? 0, elsewhere.compactMap(\.estimatedRows).max() ?? 0)
        if let changed, names.map(\.name) == previous {
            counter.recount(changed)
            return
        }
        widestName = max(names.map { TextWidth.of(Sanitizer.sanitize($0.name)) + Self.markWidth(of: $0.kind) }.max() ?? 0,
                         elsewhere.map { TextWidth.of(Sanitizer.sanitize($0.schema + "." + $0.name)) }.max() ?? 0)
        let views = names.filter { $0.kind == .view }.map(\.name)
        let leftToGrid = gridCounted.flatMap { wanted in
            views.first { $0 == wanted } ?? views.first { $0.equalsIgnoringCase(wanted) }
        }
        counter.start(tables: names.filter { $0.kind != .view }.map(\.name), views: views,
                      elsewhere: leftToGrid.map { [$0] } ?? [])
    }

    /// The columns the side list gives `kind`'s mark after a name (a space and the mark).
    static func markWidth(of kind: CatalogEntry.Kind) -> Int {
        kind.mark.isEmpty ? 0 : 1 + TextWidth.of(kind.mark)
    }

    /// Counts `tables` again (committed changes touched them), their old counts shown meanwhile.
    func recount(_ tables: some Sequence<String>) {
        counter.recount(tables)
    }

    /// Counts `name` again at once, without a time limit (the user asked: Enter, `r`).
    func countAgain(_ name: String) {
        counter.countAgain(name)
    }

    /// Leaves the count of `name` to the grid that counts its rows (``CatalogCounter/countedElsewhere(_:)``).
    func countedElsewhere(_ name: String) {
        counter.countedElsewhere(name)
    }

    /// Takes a grid's count of all of `name`'s rows as its count (``CatalogCounter/adopt(_:count:)``).
    func adopt(_ name: String, count: Int) {
        counter.adopt(name, count: count)
    }

    /// The grid left to count `name` stopped or failed (``CatalogCounter/gaveUp(_:reason:)``).
    func gaveUp(_ name: String, reason: String) {
        counter.gaveUp(name, reason: reason)
    }

    /// Says which names are in sight (counted first; a count out of sight too long stops).
    func inSight(_ names: [String]) {
        counter.inSight(names)
    }

    /// Stops the count of `name` if it runs (Esc); returns whether it did.
    @discardableResult
    func stopCounting(_ name: String) -> Bool {
        counter.stopRequested(name)
    }
}
