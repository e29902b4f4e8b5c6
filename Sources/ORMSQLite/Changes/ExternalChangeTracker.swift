import FoundationEssentials
import ORMShared

/// Works out which tables other connections and processes changed, from one poll to the next.
///
/// `PRAGMA data_version` on the writer connection says *that* someone else committed. In WAL mode
/// the wal-index header (``WALIndexHeader``) says how far the WAL's committed frames reach and
/// counts commits, so the frames committed since the last look can be read (``WALFrames``) and their
/// pages named through a ``PageMap``. Everything is reported instead whenever that cannot be done
/// exactly: the file is not in WAL mode, the wal-index or `dbstat` cannot be read, commits went to
/// a WAL generation that a checkpoint has since overwritten, too many frames were written, or the
/// schema changed.
///
/// Frames written by this database's own writer are skipped without being reported (its commits
/// are reported through the update hook): when `data_version` has not moved on both sides of reading
/// the header, every commit up to that header is ours or was reported already.
///
/// Why the page map can be trusted: a map read at a moment inside the stretch of WAL being looked
/// at names every table whose content changed in that stretch. A table's changed page either
/// belonged to it at that moment, or joined or left it in the stretch, which rewrote a page of the
/// same b-tree that links to it, and so on up to the b-tree's root, which stays put unless the
/// schema changes. Pages only move between b-trees when pages are allocated or freed, which always
/// rewrites page 1 (the database size or the free-page count live there); after such a stretch the
/// b-trees it touched are read again (``PageMap/refresh(_:in:)``), which keeps the map valid for the
/// next stretch.
struct ExternalChangeTracker {
    /// What the last poll saw of `data_version`; nil before the first poll.
    private var dataVersion: Int64?
    /// The wal-index header every commit up to which is accounted for; nil when unknown (not in WAL
    /// mode, or lost), in which case the next change reports every table.
    private var position: WALIndexHeader?
    /// The schema cookie at or after `position`, with no schema change since that was not reported.
    private var schemaVersion: Int64?
    /// The page map, valid for the stretch of WAL after `position` (nil: read it when needed).
    private var map: PageMap?
    /// Objects (of `map`) whose pages may have moved since they were read: read again before use.
    private var pendingRefresh: Set<Int> = []
    /// Set once the SQLite library turns out to lack `dbstat`.
    private var dbstatUnavailable = false
    /// Set when a change was reported in full for want of a map: the map is read after that
    /// delivery (``refreshMap(_:)``), never before one.
    private var wantsMap = false
    /// In WAL mode, the wal-index header read just before the last poll that read `data_version`
    /// and accounted for everything up to it: while the header stays the same, nobody committed,
    /// and a poll reads only shared memory (no statement, no lock on the file).
    private var quietHeader: WALIndexHeader?

    /// What the writer connection showed, read holding its lock for a few microseconds.
    private enum Look {
        /// The first poll: where things stand.
        case baseline(dataVersion: Int64, schemaVersion: Int64, header: WALIndexHeader?, dataVersionAfter: Int64)
        /// Nobody else committed and the WAL has not moved.
        case quiet
        /// Nobody else committed but the WAL moved: our own commits.
        case own(header: WALIndexHeader?, schemaVersion: Int64, dataVersionAfter: Int64)
        /// Someone else committed.
        case external(dataVersion: Int64, isWAL: Bool)
    }

    /// What the watch is, as an error on another database names it.
    private static let feature = "watching other processes' commits through the WAL"

    /// One poll: the tables another connection or process changed since the last one, with any view
    /// or virtual table that shows them. Nil when nobody else committed; empty when someone did but
    /// no table changed (a checkpoint). Never waits for the writer: when it is busy, nothing is
    /// looked at until the next poll.
    package mutating func poll(_ database: DatabaseCore) -> Set<String>? {
        let writer = database.writer
        let quiet = quietHeader
        // Only SQLite's commits are watched here (its file's WAL and data version).
        guard let sqliteWriter = writer.sqlite else { return nil }
        let seen = writer.lock.tryWithLock { () -> (look: Look, header: WALIndexHeader?)? in
            // The header first: a commit after it changes it, so the next poll looks again. Only
            // with a position in the WAL (in WAL mode): mapping the wal-index of a file in
            // rollback-journal mode would create its -shm file.
            let header = position == nil ? nil : sqliteWriter.walIndexHeader()
            if let header, header == quiet { return (.quiet, header) }
            return (try? self.look(sqliteWriter)).map { ($0, header) }
        }
        guard let seen, let seen else { return nil }
        quietHeader = nil  // unless everything up to the header is accounted for below
        switch seen.look {
        case .quiet:
            quietHeader = seen.header
            return nil
        case .baseline(let version, let schema, let header, let versionAfter):
            // Commits while the header was read make its position uncertain: report the next change in full.
            dataVersion = versionAfter
            schemaVersion = schema
            position = version == versionAfter ? header : nil
            return nil
        case .own(let header, let schema, let versionAfter):
            guard versionAfter == dataVersion else { return nil }  // someone else too: the next poll sees it
            skipOwnCommits(upTo: header, schemaVersion: schema, database)
            quietHeader = seen.header
            return nil
        case .external(let version, let isWAL):
            dataVersion = version
            quietHeader = seen.header
            if isWAL, let tables = tablesChanged(database) { return tables }
            return everyTable(database, isWAL: isWAL)
        }
    }

    /// Reads the map when a change was just reported in full for want of one, or reads again the
    /// b-trees whose pages may have moved since it was read or last refreshed: after delivering an
    /// event (so it never delays one), and before the map is used.
    ///
    /// A map read here was read after `position` was set (when the change was reported in full),
    /// so its moment lies inside the stretch the next change is looked up in.
    mutating func refreshMap(_ database: DatabaseCore) {
        if wantsMap {
            wantsMap = false
            guard map == nil, position != nil, !dbstatUnavailable else { return }
            do {
                let read = try database.readSQLite(Self.feature) { try PageMap.read($0) }
                if read.schemaVersion == schemaVersion { map = read }
            } catch let error as SQLiteError where error.message.contains("dbstat") {
                dbstatUnavailable = true
            } catch {}
            return
        }
        guard !pendingRefresh.isEmpty else { return }
        defer { pendingRefresh = [] }
        let indices = pendingRefresh
        guard var refreshed = map else { return }
        map = nil  // unless the refresh succeeds
        if (try? database.readSQLite(Self.feature, { try refreshed.refresh(indices, in: $0) })) != nil { map = refreshed }
    }

    // MARK: - Steps

    private func look(_ connection: Connection) throws -> Look {
        let version = try connection.dataVersion()
        guard let previous = dataVersion else {
            let schema = try connection.schemaVersion()
            let header = try connection.isInWALMode() ? connection.walIndexHeader() : nil
            let versionAfter = try connection.dataVersion()
            return .baseline(dataVersion: version, schemaVersion: schema, header: header, dataVersionAfter: versionAfter)
        }
        guard version == previous else {
            return .external(dataVersion: version, isWAL: try connection.isInWALMode())
        }
        guard let position else { return .quiet }
        let header = connection.walIndexHeader()
        if header == position { return .quiet }
        let schema = try connection.schemaVersion()
        return .own(header: header, schemaVersion: schema, dataVersionAfter: try connection.dataVersion())
    }

    /// Moves past commits made by this database's writer. The map stays valid across them: the
    /// b-trees they may have moved pages of are noted, and read again before the map is next used.
    private mutating func skipOwnCommits(
        upTo header: WALIndexHeader?, schemaVersion schema: Int64, _ database: DatabaseCore
    ) {
        defer {
            position = header
            schemaVersion = schema
        }
        guard let map else { return }
        // The frames are read on a reader connection, off the writer's lock.
        guard let position, let header, map.schemaVersion == schema,
            let pages = try? database.readSQLite(Self.feature, { WALFrames.pagesWritten(in: $0, after: position, upTo: header) })
        else {
            self.map = nil
            pendingRefresh = []
            return
        }
        if pages.contains(1) { pendingRefresh.formUnion(map.objects(owning: pages)) }
    }

    /// The tables named by the frames committed since `position`, or nil when they cannot be told.
    private mutating func tablesChanged(_ database: DatabaseCore) -> Set<String>? {
        guard let position, !dbstatUnavailable, let schemaVersion,
            (try? database.readSQLite(Self.feature, { try $0.schemaVersion() })) == schemaVersion  // no map to read for a schema change
        else { return nil }
        guard map != nil else {
            // The first change seen: reported in full at once rather than after reading the map
            // (every page of the file, a tenth of a second or more for a big one); the map is read
            // after the delivery, for the changes after it.
            wantsMap = true
            return nil
        }
        refreshMap(database)
        // The header is read after the map, so the map's moment lies inside the stretch read; the
        // schema cookie after the header, so a schema change inside the stretch is seen.
        guard let map,
            let (header, schema, pages) = try? database.readSQLite(Self.feature, { connection in
                let header = connection.walIndexHeader()
                let schema = try connection.schemaVersion()
                let pages = header.flatMap { WALFrames.pagesWritten(in: connection, after: position, upTo: $0) }
                return (header, schema, pages)
            }),
            let header
        else { return nil }
        self.position = header
        guard let pages, schema == schemaVersion, map.schemaVersion == schema else { return nil }
        let objects = map.objects(owning: pages)
        if pages.contains(1) { pendingRefresh.formUnion(objects) }
        return map.tables(showing: objects)
    }

    /// Every table and view, those the map knew included (a table just dropped is named too), and
    /// a fresh start: the position and schema cookie as they are now, the map to be read again
    /// (in WAL mode, once this change is delivered).
    private mutating func everyTable(_ database: DatabaseCore, isWAL: Bool) -> Set<String> {
        var tables = map?.allTables ?? []
        map = nil
        pendingRefresh = []
        wantsMap = isWAL  // read again after this delivery, so the next change is named exactly
        let now = try? database.readSQLite(Self.feature) { connection in
            (isWAL ? connection.walIndexHeader() : nil, try connection.schemaVersion())
        }
        position = now?.0
        schemaVersion = now?.1
        if let objects = try? database.readSQLite(Self.feature, { try $0.schemaObjects() }) { tables.formUnion(objects.map(\.name)) }
        return tables
    }
}
