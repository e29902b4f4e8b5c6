import PostgresClient
import ORMShared

// A statement run as written on PostgreSQL (Database.runStatement(_:columns:row:)).

extension PostgresConnection {
    // libpq has read the row whole: its values are copied whatever `limit` and `inPieces` say.
    //
    // A data-changing `WITH` is counted by the transaction's statistics, as its command tag
    // counts only the outer statement's rows (``rowsChangedInTransaction()``): outside a
    // transaction it runs inside one of its own, committed after it (rolled back should it fail),
    // so the statement still runs once and applies as in autocommit.
    package func runStatement(
        _ sql: SQL, borrowingValuesOver limit: Int?, readingBlobsInPieces inPieces: Bool, columns: ([StatementColumn]) throws -> Void,
        row: (StatementRunRow) throws -> Void
    ) throws -> StatementRunReport {
        let sql = sql.rendered(in: dialect)
        guard Self.isDataChangingWith(sql.text) else {
            return try runAsWritten(sql, columns: columns, row: row)
        }
        let ownTransaction = !isInTransaction
        if ownTransaction {
            try begin(.deferred)
        }
        do {
            let before = try rowsChangedInTransaction()
            var report = try runAsWritten(sql, columns: columns, row: row)
            if let before, let after = try rowsChangedInTransaction() {
                report.changedRows = after - before
            }
            if ownTransaction {
                try commit()
                report.isInTransaction = isInTransaction
            }
            return report
        } catch {
            if ownTransaction, isInTransaction {
                try? rollback()
            }
            throw error
        }
    }

    /// Whether `text` is a `WITH` statement with a part that writes rows (`WITH x AS (INSERT …
    /// RETURNING n) SELECT * FROM x`), whose command tag does not count what its parts changed.
    static func isDataChangingWith(_ text: String) -> Bool {
        SQLScript.leadingKeyword(of: text) == "WITH" && !SQLScript.tablesWritten(by: text, dialect: .postgres).isEmpty
    }

    /// The rows inserted, updated and deleted in the open transaction so far, by the server's
    /// statistics of it (`pg_stat_xact_user_tables`, counted as rows are written, a trigger's and
    /// a cascade's included); nil when the server keeps no such counts (`track_counts` off).
    /// The sum may include earlier transactions' counts the backend has not yet reported, which
    /// stay the same until this transaction ends: only a difference of two sums means something.
    private func rowsChangedInTransaction() throws -> Int? {
        var sum: Int?
        let query = SQL("""
            SELECT CASE WHEN current_setting('track_counts') = 'on'
              THEN CAST(coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0) AS bigint) END
            FROM pg_stat_xact_user_tables
            """)
        try forEachRow(query) { row in
            if case .integer(let value) = row.value(at: 0) { sum = Int(value) }
        }
        return sum
    }

    /// Runs `sql` once, as written, handing its columns and rows over.
    private func runAsWritten(
        _ sql: SQL, columns: ([StatementColumn]) throws -> Void, row: (StatementRunRow) throws -> Void
    ) throws -> StatementRunReport {
        let statement = try prepare(sql.text)
        try statement.bind(sql.arguments)
        if statement.columnCount > 0 {
            // The types are named before the statement runs: a command sent while its rows come
            // would read them all into memory first.
            let types = statement.prepared.columnTypes
            let (names, labels) = typeNames(of: types)
            // Sent before `columns` is called: the server works while the caller makes ready for
            // the rows (reef makes its result store). Should `columns` throw, the statement is
            // cancelled when it only reads outside a transaction, else run to its end
            // (`PostgresStatement`'s `finishRun`).
            statement.startRunning()
            try columns((0..<statement.columnCount).map {
                StatementColumn(name: statement.columnName(at: $0), typeName: names[Int($0)],
                                enumLabels: labels[types[Int($0)].rawValue])
            })
        }
        while try statement.step() { try row(StatementRunRow(values: statement.row())) }
        return StatementRunReport(changedRows: statement.rowsChangedByLastRun, isInTransaction: isInTransaction)
    }

    /// After raw SQL `insert` ran: the key sequences of model tables it gave keys by hand are
    /// moved past the largest key (``Database/keysGivenByHand(in:on:)``).
    package func noteKeysGivenByHand(in insert: String, database: Database) throws {
        try database.keysGivenByHand(in: insert, on: self)
    }

    /// The names of types by identifier, as `format_type` writes them; nil for a type the catalog
    /// does not name (or in an aborted transaction, where nothing runs but `ROLLBACK`); and the
    /// labels of those that are enums, in the order the server sorts them, by type. Built-in
    /// types' names are asked once a process (``builtinTypeNames``; none is an enum), the others
    /// in one round trip for all of them, every time (an enum may have gained a label).
    private func typeNames(of types: [PGTypeOID]) -> (names: [String?], enumLabels: [UInt32: [String]]) {
        var names = Self.builtinTypeNames.withLock { known in
            types.reduce(into: [UInt32: String]()) { found, type in found[type.rawValue] = known[type.rawValue] }
        }
        var labels: [UInt32: [String]] = [:]
        let asked = Set(types.map(\.rawValue)).subtracting(names.keys).sorted()
        if !asked.isEmpty {
            let list = "{" + asked.map(String.init).joined(separator: ",") + "}"
            let query = SQL(
                "SELECT CAST(t AS bigint), format_type(t, NULL), CAST(e.enumlabel AS text) "
                    + "FROM unnest(CAST(? AS oid[])) AS t LEFT JOIN pg_catalog.pg_enum AS e ON e.enumtypid = t "
                    + "ORDER BY t, e.enumsortorder", arguments: [list])
            try? forEachRow(query) { row in
                guard case .integer(let type) = row.value(at: 0), let identifier = UInt32(exactly: type) else {
                    return
                }
                if case .text(let name) = row.value(at: 1) {
                    names[identifier] = name
                }
                if case .text(let label) = row.value(at: 2) {
                    labels[identifier, default: []].append(label)
                }
            }
            Self.builtinTypeNames.withLock { known in
                for (type, name) in names where type < Self.firstNormalObjectID {
                    known[type] = name
                }
            }
        }
        return (types.map { names[$0.rawValue] }, labels)
    }

    /// The first identifier PostgreSQL gives an object made after `initdb` (`FirstNormalObjectId`):
    /// a type numbered below it is built in, its number and name the same on every server.
    private static let firstNormalObjectID: UInt32 = 16_384

    /// The names of built-in types learned from servers so far in this process.
    private static let builtinTypeNames = Lock<[UInt32: String]>([:])
}
