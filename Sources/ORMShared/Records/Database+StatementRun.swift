// One statement typed by a person, run once as written, its rows handed on as they come.

/// A result column of a statement run with ``Database/runStatement(_:columns:row:)``.
public struct StatementColumn: Sendable, Equatable {
    /// The column's name as the database gives it (`count(*)`, `?column?`; names may repeat).
    public let name: String
    /// The column's type: on PostgreSQL as `format_type` writes it (`bigint`, `numeric(10,2)`,
    /// `boolean`), on SQLite the declared type of the table column it comes straight from; nil
    /// when the database does not say.
    public let typeName: String?
    /// On PostgreSQL, when the column's type is an enum, its labels in the order the server sorts
    /// them (`CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy')`: `sad` first); nil otherwise.
    public let enumLabels: [String]?

    /// A column named `name` of type `typeName`, an enum of `enumLabels` when given.
    public init(name: String, typeName: String?, enumLabels: [String]? = nil) {
        self.name = name
        self.typeName = typeName
        self.enumLabels = enumLabels
    }
}

/// One row of a statement run with ``Database/runStatement(_:columns:row:)``.
public struct StatementRunRow: Sendable {
    /// The row's values, in column order.
    public var values: [SQLValue]
    /// The texts that are not valid UTF-8 (SQLite stores what it is given), by column, as their
    /// bytes: ``values`` holds them decoded, each invalid sequence as U+FFFD, so whoever copies the
    /// row exactly takes these bytes instead. Empty on PostgreSQL, whose texts are always valid.
    public var invalidText: [Int: [UInt8]] = [:]
    /// The long texts and blobs read in place, by column, when the statement was run borrowing
    /// them (``Database/runStatement(_:borrowingValuesOver:readingBlobsInPieces:columns:row:)``); ``values`` holds NULL
    /// in their places. Valid only during the call that hands the row over.
    public var borrowed: [Int: BorrowedValue] = [:]
    /// The long blobs and texts the row does not hold, by column, to be read a piece at a time
    /// (``ValuePieces``): on SQLite, a statement that is a plain projection of one rowid table run
    /// borrowing values selects such a blob's size, or a text's mark, in its place and reads it by
    /// rowid. ``values`` holds NULL in their places. Valid only during the call that hands the row over.
    public var pieces: [Int: ValuePieces] = [:]

    /// A row of `values`, with `invalidText`, `borrowed` and `pieces` values.
    public init(values: [SQLValue], invalidText: [Int: [UInt8]] = [:], borrowed: [Int: BorrowedValue] = [:],
                pieces: [Int: ValuePieces] = [:]) {
        self.values = values
        self.invalidText = invalidText
        self.borrowed = borrowed
        self.pieces = pieces
    }
}

/// What a statement run with ``Database/runStatement(_:columns:row:)`` did.
public struct StatementRunReport: Sendable, Equatable {
    /// The rows it changed, as the database counts them: SQLite's `sqlite3_changes` for a statement
    /// that writes, PostgreSQL's command tag (`INSERT 0 3`); for a data-changing `WITH` on
    /// PostgreSQL (whose tag counts the outer statement's rows only) the rows every part of it
    /// inserted, updated and deleted, triggers' included, by the server's statistics of the
    /// transaction (`pg_stat_xact_user_tables`). nil for a statement that changes no rows (a
    /// query, DDL), and for a data-changing `WITH` on a server that keeps no counts
    /// (`track_counts` off).
    public var changedRows: Int?
    /// Whether a transaction is open on the connection once it ran (the statement was a `BEGIN`,
    /// or ran inside one).
    public var isInTransaction: Bool

    /// Makes one from each of its stored properties (the memberwise initialiser, for the drivers).
    package init(changedRows: Int? = nil, isInTransaction: Bool) {
        self.changedRows = changedRows
        self.isInTransaction = isInTransaction
    }
}

extension Database {
    /// Runs one statement exactly once, as written, in the session's own transaction state: on the
    /// writer (autocommit, or inside a transaction a `BEGIN` run this way opened), so volatile
    /// functions, sequences, `RETURNING` and data-changing `WITH` work; on a read-only database
    /// (``Configuration/readOnly``) on the writer as well, opened read-only there, which cannot
    /// write.
    ///
    /// `columns` is called once, before the first row, when the statement returns columns; `row`
    /// with each row as the database hands it over (on PostgreSQL one at a time, libpq's single-row
    /// mode): nothing is collected, so a result of any size takes the memory of one row.
    ///
    /// ```swift
    /// let report = try db.runStatement("INSERT INTO t (x) VALUES (1) RETURNING id",
    ///                                   columns: { print($0.map(\.name)) }, row: { print($0.values) })
    /// print(report.changedRows ?? 0)  // 1
    /// ```
    ///
    /// - Throws: the database's error; ``ORMError/readOnlyDatabase(path:)`` for transaction control
    ///   on a read-only database (a reader's transaction would outlive the call).
    public func runStatement(
        _ sql: SQL, columns: ([StatementColumn]) throws -> Void, row: (StatementRunRow) throws -> Void
    ) throws -> StatementRunReport {
        try runStatement(sql, borrowingValuesOver: nil, columns: columns, row: row)
    }

    /// Runs one statement as ``runStatement(_:columns:row:)`` does, handing over each text or blob
    /// longer than `limit` bytes in place (``StatementRunRow/borrowed``) instead of copying it into
    /// ``StatementRunRow/values``: the bytes are valid only during `row`, which copies what it keeps
    /// (binds them to an insert with ``execute(_:arguments:borrowed:)``, say). On SQLite only; on
    /// PostgreSQL, and with `limit` nil, every value is copied.
    ///
    /// With `inPieces`, on SQLite a statement without arguments that SQLite shows to be a plain projection of one
    /// rowid table (one table's columns and expressions, no `DISTINCT`, grouping, aggregate,
    /// window, compound, join or subquery; its `WHERE`, `ORDER BY` and `LIMIT` as they are) runs
    /// as an equivalent statement that selects a blob over `limit` in a column declared to hold
    /// blobs (`BLOB`, no type, a STRICT table's `ANY`) as its size, and, in a table holding a value
    /// too long for its page, a text in a column declared to hold texts (those and TEXT affinity)
    /// as a mark: the rows are the same, each such text is read by rowid (whole when it holds at
    /// most `limit` bytes), and each longer value comes as ``StatementRunRow/pieces``, read by rowid
    /// a piece at a time in the statement's own read transaction, so the statement never loads it.
    /// `row` must then read them there (``Database/insert(_:arguments:borrowed:pieces:table:columns:)`` does).
    ///
    /// - Throws: as ``runStatement(_:columns:row:)``.
    public func runStatement(
        _ sql: SQL, borrowingValuesOver limit: Int?, readingBlobsInPieces inPieces: Bool = false,
        columns: ([StatementColumn]) throws -> Void, row: (StatementRunRow) throws -> Void
    ) throws -> StatementRunReport {
        let sql = sql.rendered(in: dialect)
        let keyword = SQLScript.leadingKeyword(of: sql.text)
        guard !refusesWrites else {
            if Self.transactionControlKeywords.contains(keyword) {
                throw ORMError.readOnlyDatabase(path: core.path)
            }
            // On the writer, opened read-only too: the statements typed by a person keep to one
            // session, so what an `ATTACH` or a `SET` did is there for the next statement.
            return try withWriter { connection in
                try self.refuseWrite(sql, on: connection)
                return try connection.records.runStatement(sql, borrowingValuesOver: limit, readingBlobsInPieces: inPieces, columns: columns,
                                                         row: row)
            }
        }
        return try write { connection in
            let report = try connection.records.runStatement(sql, borrowingValuesOver: limit, readingBlobsInPieces: inPieces,
                                                             columns: columns, row: row)
            if let recorded = writer.recordedChanges,
               (report.changedRows ?? 0) > 0 || !Self.rowWritingKeywords.contains(keyword) {
                recorded.recordStatements(of: sql.text)
            }
            if keyword == "INSERT", (report.changedRows ?? 0) > 0 {
                try connection.records.noteKeysGivenByHand(in: sql.text, database: self)
            }
            return report
        }
    }

    /// The leading keywords of transaction control, refused on a read-only database's readers.
    private static let transactionControlKeywords: Set<String> = [
        "BEGIN", "START", "COMMIT", "END", "ROLLBACK", "ABORT", "SAVEPOINT", "RELEASE", "PREPARE",
    ]

    /// The leading keywords of a statement that writes rows only: one that changed none changed nothing.
    package static let rowWritingKeywords: Set<String> = ["INSERT", "UPDATE", "DELETE", "MERGE", "REPLACE"]

    /// Refuses a statement that would write, on a read-only database, with the error a write
    /// there throws (``ORMError/readOnlyDatabase(path:)``), before it runs: judged by SQLite from the
    /// prepared statement, on PostgreSQL from its words (the server refuses what they let through).
    private func refuseWrite(_ sql: SQL, on connection: DatabaseConnection) throws {
        if try !connection.driverConnection.prepare(sql.text).isReadOnly { throw ORMError.readOnlyDatabase(path: core.path) }
    }
}

extension Database {
    /// Whether a transaction is open on the writer (a `BEGIN` run with
    /// ``runStatement(_:columns:row:)`` and not yet ended). Waits for the writer when it is busy.
    public var hasOpenTransaction: Bool {
        get throws {
            try withWriter { $0.isInTransaction }
        }
    }
}
