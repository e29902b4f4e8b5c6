import FoundationEssentials
import ORMCore

/// reef's own copy of a statement's rows: a SQLite database in a temporary folder of its own, one
/// table (`query`) with the statement's columns, filled once as the rows arrive
/// (``ResultStoreWriter``) and read as any table after (``source()``), so the grid sorts, filters,
/// searches, counts, copies and exports the rows without running the statement again.
///
/// The columns have no declared type, so SQLite keeps each value exactly as it came (NULL,
/// integer, real, text, blob: no affinity converts `'007'` to 7); the kinds the grid shows them
/// by are kept beside (``kinds``). The folder is removed when the store is dropped (the results
/// closed) and when reef ends (``removeFiles()``); one a reef killed by a signal left is removed by
/// the next reef that makes a temporary folder (``TemporaryFolders``).
final class ResultStore: Sendable {
    /// The table the rows are stored in, and the title the grid shows.
    static let tableName = "query"

    /// The columns whose texts are ordered by a collation of reef's, by position: PostgreSQL's
    /// exact decimals and transaction ids (``DecimalTextOrder``), amounts of money
    /// (``MoneyTextOrder``), intervals (``IntervalTextOrder``), network addresses
    /// (``InetTextOrder``) and log positions (``LSNTextOrder``), which SQLite would order byte by
    /// byte.
    /// PostgreSQL's enums too, each by the order of its labels (``EnumTextOrder``).
    /// Dates and timestamps by instant (``DateTimeTextOrder``), arrays element by element
    /// (``ArrayTextOrder``), and text by the database's collation where reef follows it
    /// (``ServerTextCollation``).
    var textOrders: [Int: String] {
        Self.textOrders(typeNames: typeNames, enumLabels: enumLabels, isFromPostgres: isFromPostgres,
                        followsCollation: textCollation?.collator != nil)
    }

    /// The store's database.
    let database: Database
    /// The folder the database file lives in.
    let folder: String
    /// The stored columns' names: the statement's, a repeated name numbered (`id`, `id:2`).
    let columnNames: [String]
    /// How the grid shows each column.
    let kinds: [ColumnKind]
    /// Each column's type as the statement's database names it, when it does
    /// (``ORMCore/StatementColumn/typeName``).
    let typeNames: [String?]
    /// Whether the statement ran on PostgreSQL (whose `numeric` values are kept as exact text).
    let isFromPostgres: Bool
    /// The labels of the columns whose type is a PostgreSQL enum, by column, in the type's order
    /// (``ORMCore/StatementColumn/enumLabels``).
    let enumLabels: [Int: [String]]
    /// The statement's text, for what re-runs it (`r`).
    let statement: String
    /// The order of the PostgreSQL database's text, when known.
    let textCollation: ServerTextCollation?

    /// Makes an empty store for a statement's `columns` (of types `typeNames`, on PostgreSQL when
    /// `isFromPostgres`), shown by `kinds`.
    ///
    /// - Throws: ``StoreError`` when no temporary folder can be made, SQLite's error when the file
    ///   cannot be created.
    /// Text is ordered by `textCollation`, the database's, where reef can follow it.
    init(columns: [String], kinds: [ColumnKind], typeNames: [String?] = [], enumLabels: [Int: [String]] = [:],
         isFromPostgres: Bool = false, textCollation: ServerTextCollation? = nil, statement: String) throws {
        do {
            folder = try TemporaryFolders.make("result")
        } catch let failure as FileFailure {
            throw StoreError(reason: "cannot make a temporary folder in \(failure.path): \(failure.reason)")
        }
        columnNames = Self.storedNames(columns)
        self.kinds = kinds
        self.typeNames = typeNames
        self.isFromPostgres = isFromPostgres
        self.enumLabels = isFromPostgres ? enumLabels : [:]
        self.statement = statement
        self.textCollation = isFromPostgres ? textCollation : nil
        do {
            var configuration = Configuration()
            configuration.createIfMissing = true
            // As the user's database is read: a small cache (the system caches the file), and
            // the functions filters and searches call.
            configuration.pageCacheKiB = 512
            // Pages of 1 KiB: a sort of the store merges its sorted runs through a buffer of one
            // page each (a thousand runs at ten million rows).
            configuration.pageSize = 1024
            configuration.maximumReaders = 2
            // A copy that goes with reef: nothing waits for the disk (each wait was ~15 ms before
            // a statement's first row on a busy machine).
            configuration.waitsForDisk = false
            configuration.functions = [TextFold.function, RegexpFunction.function, BarFunction.function, MoneyAmountFunction.function]
            configuration.collations = StoreTextOrders.collations
                + self.enumLabels.map { index, labels in EnumTextOrder(labels: labels).collation(column: index) }
            let collator = self.textCollation?.collator
            configuration.collations += [ArrayTextOrder.Elements.numbers, .instants, .text, .bytes].map {
                ArrayTextOrder(elements: $0, collator: collator).collation
            } + (self.textCollation?.collation.map { [$0] } ?? [])
            database = try Database(path: folder + "/result.db", configuration: configuration)
            let orders = Self.textOrders(typeNames: typeNames, enumLabels: self.enumLabels, isFromPostgres: isFromPostgres,
                                         followsCollation: self.textCollation?.collator != nil)
            // Exact decimals and intervals ordered and compared by value (their collations); every
            // other column without a type, so SQLite keeps each value as it came.
            let list = columnNames.indices.map { index in
                quoteIdentifier(columnNames[index]) + (orders[index].map { " TEXT COLLATE " + $0 } ?? "")
            }.joined(separator: ", ")
            let create = "CREATE TABLE " + quoteIdentifier(Self.tableName) + " (" + list + ")"
            try database.execute(SQL(create))
        } catch {
            Self.remove(folder)
            throw error
        }
    }

    deinit {
        Self.remove(folder)
    }

    /// Removes the store's files now (reef is ending; the store may still be referenced).
    func removeFiles() {
        Self.remove(folder)
    }

    /// The grid's source over the stored rows, sortable and filterable as a table (with SQLite's
    /// expressions, on the copy).
    ///
    /// - Throws: SQLite's error when the store cannot be read.
    func source() throws -> TableSource {
        try TableSource(table: database.table(Self.tableName), kinds: kinds, keeping: self)
    }

    /// The insert of one row, its values bound.
    var insertSQL: String {
        insertSQL(rawText: [])
    }

    /// The insert of one row whose columns `rawText` hold text that is not valid UTF-8, bound as
    /// its bytes and stored as text (`CAST(? AS TEXT)` keeps the bytes as they are).
    func insertSQL(rawText: Set<Int>) -> String {
        let marks = columnNames.indices.map { rawText.contains($0) ? "CAST(? AS TEXT)" : "?" }.joined(separator: ", ")
        return "INSERT INTO \(quoteIdentifier(Self.tableName)) VALUES (\(marks))"
    }

    /// The collation of each column of a statement's results whose texts SQLite would misorder:
    /// on PostgreSQL, `numeric` (`decimal`), `xid`, `money`, `interval` (with or without a
    /// precision), `inet`, `cidr`, `pg_lsn`, `date` and timestamps, arrays, the enums of
    /// `enumLabels` (by column), and with `followsCollation` text.
    static func textOrders(typeNames: [String?], enumLabels: [Int: [String]] = [:], isFromPostgres: Bool,
                           followsCollation: Bool = false) -> [Int: String] {
        guard isFromPostgres else { return [:] }
        var orders: [Int: String] = [:]
        for (index, name) in typeNames.enumerated() {
            guard let type = name?.lowercased() else { continue }
            if let elements = ArrayTextOrder.elements(ofType: type) {
                orders[index] = ArrayTextOrder.name(elements)
            } else if type.hasPrefix("numeric") || type.hasPrefix("decimal") || ["xid", "xid8", "cid"].contains(type) {
                // Transaction and command ids: unsigned integers in their text (xid8's beyond int64).
                orders[index] = DecimalTextOrder.name
            } else if type == "money" {
                orders[index] = MoneyTextOrder.name
            } else if type.hasPrefix("interval") {
                orders[index] = IntervalTextOrder.name
            } else if type == "inet" || type == "cidr" {
                orders[index] = InetTextOrder.name
            } else if type == "pg_lsn" {
                orders[index] = LSNTextOrder.name
            } else if type == "date" || type.hasPrefix("timestamp") {
                orders[index] = DateTimeTextOrder.name
            } else if followsCollation, ServerTextCollation.ordersText(ofType: type) {
                orders[index] = ServerTextCollation.name
            }
        }
        for index in enumLabels.keys {
            orders[index] = EnumTextOrder.name(column: index)
        }
        return orders
    }

    /// Names SQLite takes as one table's columns: each name as the statement gave it, a name
    /// already taken (compared as SQLite compares them, ignoring ASCII case) numbered from 2, an
    /// empty one `column N`.
    static func storedNames(_ names: [String]) -> [String] {
        var taken: Set<String> = []
        return names.enumerated().map { index, name in
            let base = name.isEmpty ? "column \(index + 1)" : name
            var candidate = base
            var number = 2
            while taken.contains(candidate.lowercased()) {
                candidate = "\(base):\(number)"
                number += 1
            }
            taken.insert(candidate.lowercased())
            return candidate
        }
    }

    /// Removes `folder` and what is in it (the database, its journal and WAL files).
    private static func remove(_ folder: String) {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Why a store could not be made.
    struct StoreError: Error, CustomStringConvertible {
        /// What went wrong, in the user's words.
        let reason: String

        var description: String { reason }
    }
}
