import FoundationEssentials
import ORMShared

/// Which table each page of a database file belongs to, read from SQLite's `dbstat` virtual table
/// (every b-tree page and overflow page, by table or index name), with index pages credited to
/// their table. Used to name the tables behind the pages another process wrote.
///
/// It also knows which tables each view reads (the root pages its query opens, from `EXPLAIN`) and
/// the virtual tables whose data lives in shadow tables (`docs_content` for `docs`), so a change to
/// a table also names the views and virtual tables that show it.
///
/// A map is read at one moment and goes stale when pages move between tables (a page freed by one
/// table and reused by another, or added to the file); ``refresh(_:in:)`` reads again the b-trees
/// of the objects a commit touched.
struct PageMap: Sendable {
    /// One b-tree (a table or an index) and the table it belongs to.
    struct Object: Sendable {
        /// The table's or index's name in `dbstat`.
        package let name: String
        /// The table it stores or indexes (`sqlite_schema.tbl_name`).
        package let table: String
        /// Its pages, as last read.
        package var pages: [UInt32]
    }

    /// The b-trees, by index in `owners`.
    package private(set) var objects: [Object] = []
    /// The object each page belongs to, by page number (-1: none known, a free page or a new one).
    private var owners: [Int32] = []
    /// The schema cookie the map was read with.
    let schemaVersion: Int64
    /// Views and the tables they read, or nil when that could not be told (they then follow every change).
    package private(set) var viewSources: [String: Set<String>?] = [:]
    /// Virtual tables (their shadow tables are `<name>_…`).
    package private(set) var virtualTables: [String] = []

    private init(schemaVersion: Int64) {
        self.schemaVersion = schemaVersion
    }

    // MARK: - Reading

    /// Reads the map in one read transaction on `connection`.
    ///
    /// - Throws: ``SQLiteError`` when the library has no `dbstat` table, or a read fails.
    package static func read(_ connection: Connection) throws -> PageMap {
        try inReadTransaction(connection) {
            var map = PageMap(schemaVersion: try connection.schemaVersion())
            var tableOfName: [String: String] = [:]
            var tableOfRoot: [Int64: String] = [:]
            var views: [String] = []
            try connection.forEachRow("SELECT type, name, tbl_name, rootpage FROM sqlite_schema") { row in
                let type = row.text(at: 0)
                let name = row.text(at: 1)
                tableOfName[name] = row.text(at: 2)
                if row.int64(at: 3) > 0 { tableOfRoot[row.int64(at: 3)] = row.text(at: 2) }
                if type == "view" { views.append(name) }
                if type == "table", row.int64(at: 3) == 0 { map.virtualTables.append(name) }
            }
            var indexOfName: [String: Int] = [:]
            try connection.forEachRow("SELECT name, pageno FROM dbstat") { row in
                let name = row.text(at: 0)
                let index: Int
                if let known = indexOfName[name] {
                    index = known
                } else {
                    index = map.objects.count
                    indexOfName[name] = index
                    map.objects.append(Object(name: name, table: tableOfName[name] ?? name, pages: []))
                }
                map.objects[index].pages.append(UInt32(truncatingIfNeeded: row.int64(at: 1)))
            }
            for index in map.objects.indices { map.claim(map.objects[index].pages, for: index) }
            for view in views {
                map.viewSources[view] = try? tablesRead(byView: view, tableOfRoot: tableOfRoot, connection)
            }
            return map
        }
    }

    /// Reads again the pages of the objects given (by index), all at one moment, and credits them.
    package mutating func refresh(_ indices: Set<Int>, in connection: Connection) throws {
        guard !indices.isEmpty else { return }
        try Self.inReadTransaction(connection) {
            for index in indices.sorted() where objects.indices.contains(index) {
                var pages: [UInt32] = []
                try connection.forEachRow("SELECT pageno FROM dbstat WHERE name = \(objects[index].name)") { row in
                    pages.append(UInt32(truncatingIfNeeded: row.int64(at: 0)))
                }
                for page in objects[index].pages where owner(of: page) == index { owners[Int(page)] = -1 }
                objects[index].pages = pages
                claim(pages, for: index)
            }
        }
    }

    private static func inReadTransaction<T>(_ connection: Connection, _ body: () throws -> T) throws -> T {
        try connection.execute("BEGIN")
        do {
            let result = try body()
            try connection.execute("COMMIT")
            return result
        } catch {
            try? connection.execute("ROLLBACK")
            throw error
        }
    }

    /// The tables a view's query opens, found from the root pages in its `EXPLAIN` program.
    private static func tablesRead(
        byView view: String, tableOfRoot: [Int64: String], _ connection: Connection
    ) throws -> Set<String>? {
        let statement = try connection.prepare("EXPLAIN SELECT * FROM \(quoteIdentifier(view))")
        var tables = Set<String>()
        while try statement.step() {
            switch statement.text(at: 1) {
            case "OpenRead" where statement.int64(at: 4) == 0:
                guard let table = tableOfRoot[statement.int64(at: 3)] else { return nil }
                tables.insert(table)
            case "VOpen":
                return nil  // a virtual table: which one is not in the program
            default:
                break
            }
        }
        return tables
    }

    private mutating func claim(_ pages: [UInt32], for index: Int) {
        guard let highest = pages.max() else { return }
        if owners.count <= Int(highest) {
            owners.append(contentsOf: repeatElement(-1, count: Int(highest) + 1 - owners.count))
        }
        for page in pages { owners[Int(page)] = Int32(index) }
    }

    // MARK: - Looking up

    /// The object a page belongs to, if known.
    package func owner(of page: UInt32) -> Int? {
        let page = Int(page)
        guard owners.indices.contains(page), owners[page] >= 0 else { return nil }
        return Int(owners[page])
    }

    /// The objects (by index) that own any of `pages`.
    package func objects(owning pages: Set<UInt32>) -> Set<Int> {
        Set(pages.compactMap { owner(of: $0) })
    }

    /// The user tables, views and virtual tables that show the content of the objects given: SQLite's
    /// own tables (`sqlite_schema`, `sqlite_sequence`…) are left out.
    package func tables(showing indices: Set<Int>) -> Set<String> {
        var tables = Set(indices.map { objects[$0].table }.filter { !$0.hasPrefix("sqlite_") })
        guard !tables.isEmpty else { return [] }
        for virtualTable in virtualTables where tables.contains(where: { $0.hasPrefix(virtualTable + "_") }) {
            tables.insert(virtualTable)
        }
        for (view, sources) in viewSources where sources.map({ !$0.isDisjoint(with: tables) }) ?? true {
            tables.insert(view)
        }
        return tables
    }

    /// Every table and view the map knows (for reporting everything, including tables since dropped).
    var allTables: Set<String> {
        Set(objects.map(\.table).filter { !$0.hasPrefix("sqlite_") }).union(viewSources.keys).union(virtualTables)
    }
}
