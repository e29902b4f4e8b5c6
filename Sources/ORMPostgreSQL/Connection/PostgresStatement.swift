import FoundationEssentials
import PostgresClient
import ORMShared

#if canImport(Glibc)
    import Glibc
#endif

/// A statement a ``PostgresConnection`` prepared on the server (`PQprepare`), bound with ORMCore's
/// values and stepped through its rows.
///
/// ```swift
/// let statement = try connection.prepare("SELECT name FROM \"person\" WHERE age > ?")
/// try statement.bind([.integer(30)])
/// while try statement.step() { print(statement.value(at: 0)) }
/// ```
///
/// Parameters are kept until the statement runs in a ``PGParameterBuffer`` the statement reuses,
/// each in binary form where the type the server inferred for its place has one
/// (``PGParameterBuffer/bindBinary(_:at:type:)``: integers, doubles, booleans, text, bytes,
/// timestamps), otherwise as `PGParameter(value, as:)` writes it (a `boolean` takes 0 or 1, a
/// `timestamptz` seconds since 1970). The first ``step()`` sends the statement with every
/// value (one round trip) and the rows are read one at a time as the server sends them (libpq's
/// single-row mode, ``PGQuery``): a million rows take the memory of one. A column reads as
/// `SQLValue(row, at:, as:)`: by its catalog type, or by a model's stored types once
/// ``readColumns(as:)`` named the model (a `timestamptz` is then a `Date`'s seconds). Where every
/// column has a ``PostgresBinaryReader`` (integers, `double precision`, `boolean`, text, `bytea`,
/// `uuid`, `jsonb`, a model's `timestamptz`), the rows come in binary form and no number is
/// parsed from text; any other column makes the statement take text results. A run
/// reset, re-run or dropped before its end is cancelled on the server when it only reads outside
/// a transaction, and read to its end otherwise (``reset()``).
package final class PostgresStatement: DriverStatement {
    /// The statement's text, with ORMCore's `?` placeholders.
    package let sql: String
    /// The statement the server prepared (its text has `$1`, `$2`…): prepared again on the new
    /// session when a plain read is run again after its session was lost (``PostgresReadRetry``).
    @exclusivity(unchecked) package private(set) var prepared: PGPreparedStatement
    /// Whether the statement only reads (judged from its words: see ``readsOnly(_:)``).
    package let isReadOnly: Bool
    /// Whether it is an `INSERT`: its first returned column is the key the insert made.
    private let isInsert: Bool
    /// Whether it is in use (``use(_:)``): the connection's cache then prepares another.
    @exclusivity(unchecked) package private(set) var isInUse = false
    /// Whether the connection's cache holds it; one that is not is deallocated on the server once
    /// it is dropped.
    @exclusivity(unchecked) var isCached = false

    /// The connection that prepared it, told what the statement did (the key an insert returned,
    /// the rows changed).
    private weak var connection: PostgresConnection?
    private let client: PGConnection

    /// The values bound, by parameter, in the memory libpq sends them from (reused run after run).
    private let parameters: PGParameterBuffer
    /// How each parameter is bound, from the type the server inferred for it.
    private let parameterTypes: [StoredType?]
    /// How each column is read: nil by its catalog type.
    @exclusivity(unchecked) private var columnTypes: [StoredType?]
    /// How each column's value is read, decided once from its catalog and stored types: all
    /// ``ColumnReader/binary(_:)`` when the statement takes binary results, text readers
    /// otherwise. Read without exclusivity checks, as every property a row's values or a run's
    /// steps touch: the statement is used by one thread at a time, and no access to one of them
    /// overlaps another (the checks cost a fetch 300 instructions a row, an insert 900).
    @exclusivity(unchecked) private var readers: [ColumnReader]
    /// Whether the statement asks for binary results: every column has a binary reader.
    @exclusivity(unchecked) package private(set) var resultsInBinary: Bool
    /// Whether the server sends timestamps as integers (`integer_datetimes`).
    private let integerTimestamps: Bool

    /// The run in progress, from the first step to the statement's end.
    @exclusivity(unchecked) private var query: PGQuery?
    /// The row the run is on (``PGQuery/advance()`` moved to it), read in place until the next
    /// step; nil off a row.
    @exclusivity(unchecked) private var current: PGQueryRow?
    /// Whether the run ended (`step()` answers `false` until ``reset()``).
    @exclusivity(unchecked) private var ended = false
    /// The first column of the first row, for an insert's key.
    @exclusivity(unchecked) private var firstValue: SQLValue?
    /// Whether the run in progress started inside a transaction (a cancel would abort it).
    @exclusivity(unchecked) private var runsInTransaction = false
    /// Whether the run in progress handed out a row: a read that fails after is never run again
    /// (its rows would come twice).
    @exclusivity(unchecked) private var handedOutRow = false
    /// The rows the last run that ended changed, by its command tag (`INSERT 0 3`, `UPDATE 2`,
    /// `DELETE 1`, `MERGE 4`); nil when its tag names no row change (`SELECT 1`, a data-changing
    /// `WITH` whose outer statement is a `SELECT`: PostgreSQL does not tell those rows).
    @exclusivity(unchecked) package private(set) var rowsChangedByLastRun: Int?

    init(sql: String, prepared: PGPreparedStatement, connection: PostgresConnection) {
        integerTimestamps = connection.integerTimestamps
        self.sql = sql
        self.prepared = prepared
        self.connection = connection
        client = connection.client
        let keyword = SQLScript.leadingKeyword(of: sql)
        isInsert = keyword == "INSERT"
        isReadOnly = Self.readsOnly(sql)
        parameters = PGParameterBuffer(count: prepared.parameterTypes.count)
        parameterTypes = prepared.parameterTypes.map(StoredType.init(parameterOf:))
        columnTypes = Array(repeating: nil, count: prepared.columnTypes.count)
        (readers, resultsInBinary) = ColumnReader.readers(
            types: prepared.columnTypes, as: columnTypes, integerTimestamps: integerTimestamps)
    }

    deinit {
        finishRun()
        if !isCached {
            connection?.retire(prepared)
        }
    }

    package var parameterCount: Int32 { Int32(parameters.count) }
    package var columnCount: Int32 { Int32(columnTypes.count) }

    package func columnName(at index: Int32) -> String {
        prepared.columnNames.indices.contains(Int(index)) ? prepared.columnNames[Int(index)] : ""
    }

    /// Whether ``readColumns(as:)`` named the columns' stored types.
    package private(set) var readsStoredTypes = false

    /// Reads the columns named as `schema`'s columns (a model's ``ModelSchema``) by their stored
    /// types (a `Date` column's `timestamptz` as seconds since 1970, a `Bool`'s `boolean` as 0
    /// or 1); the others by their catalog type. For a model's own statements
    /// (``PostgresConnection/withModelStatement(_:schema:sql:_:)`` does it) and any query whose
    /// rows become the model's objects.
    func readColumns(as schema: some StoredColumnTypes) {
        columnTypes = prepared.columnNames.map(schema.storedType(ofColumn:))
        (readers, resultsInBinary) = ColumnReader.readers(
            types: prepared.columnTypes, as: columnTypes, integerTimestamps: integerTimestamps)
        readsStoredTypes = true
    }

    // MARK: - Binding

    package func bind(_ arguments: [SQLValue]) throws {
        guard arguments.count == parameters.count else {
            throw ORMError.argumentCountMismatch(sql: sql, placeholders: parameters.count, arguments: arguments.count)
        }
        reset()
        for (index, argument) in arguments.enumerated() {
            setParameter(argument, at: index)
        }
    }

    package func bind(_ value: SQLValue, at index: Int32) throws {
        let position = Int(index) - 1
        guard position >= 0, position < parameters.count else {
            throw PostgresDatabaseError(PGError(
                kind: .misuse, message: "parameter \(index) is out of range: the statement takes \(parameters.count)",
                sql: sql))
        }
        reset()
        setParameter(value, at: position)
    }

    /// Parameter `position` (from 0) is `value`: in binary form where its place's type has one
    /// (``PGParameterBuffer/bindBinary(_:at:type:)``), otherwise in the text form
    /// ``parameter(_:as:)`` makes (a long list's array literal among them, for its `= ANY`).
    @inline(__always)
    private func setParameter(_ value: SQLValue, at position: Int) {
        if parameters.bindBinary(value, at: position, type: prepared.parameterTypes[position]) {
            return
        }
        parameters.set(Self.parameter(value, as: parameterTypes[position]), at: position)
    }

    package func bindNull(at index: Int32) throws { try bind(.null, at: index) }
    package func bindInt64(_ value: Int64, at index: Int32) throws { try bind(.integer(value), at: index) }
    package func bindDouble(_ value: Double, at index: Int32) throws { try bind(.real(value), at: index) }
    package func bindText(_ value: String, at index: Int32) throws { try bind(.text(value), at: index) }
    package func bindBlob(_ value: Data, at index: Int32) throws { try bind(.blob(value), at: index) }

    // MARK: - Running

    /// Moves to the next row (the first step sends the statement); false once the run ended.
    ///
    /// A plain read that fails before its first row (the session lost in a failover, a standby
    /// canceling it for a conflict with recovery) is run once more as ``PostgresReadRetry`` says:
    /// on a new session through the same connection string, or on the same one.
    ///
    /// - Throws: ``PostgresDatabaseError``.
    @discardableResult
    package func step() throws -> Bool {
        if ended {
            return false
        }
        do {
            return try advance()
        } catch let error as PGError {
            current = nil
            query = nil
            let failure = PostgresDatabaseError(error)
            guard !handedOutRow, let connection,
                  let retry = connection.readRetry(after: failure, readsOnly: isReadOnly, inTransaction: runsInTransaction)
            else {
                ended = true
                throw failure
            }
            return try runAgain(retry, on: connection)
        }
    }

    /// Sends the statement now (its run not started) so the server works while the caller makes
    /// ready for the rows; a failure to send is left to ``step()``, which sends again and answers it.
    func startRunning() {
        if query == nil, !ended { try? startRun() }
    }

    /// The run's next row, the statement sent first when the run has not started.
    @inline(__always)
    private func advance() throws -> Bool {
        if query == nil {
            try startRun()
        }
        guard let query, let row = try query.advance() else {
            end()
            return false
        }
        current = row
        handedOutRow = true
        if firstValue == nil, isInsert {
            firstValue = value(at: 0)
        }
        return true
    }

    /// Sends the statement with its bound values: a new run.
    private func startRun() throws {
        let connection = self.connection
        try connection?.willRun(sql)
        runsInTransaction = connection?.wasInTransactionAtLastRun ?? true
        rowsChangedByLastRun = nil
        handedOutRow = false
        query = try client.startQuery(prepared, parameters, binaryResults: resultsInBinary)
    }

    /// Runs the failed read once more as `retry` says (after connecting again, the statement
    /// prepared again on the new session) and steps to its first row; its failure is thrown.
    private func runAgain(_ retry: PostgresReadRetry, on connection: PostgresConnection) throws -> Bool {
        do {
            if retry == .reconnect {
                try connection.reconnect()
                let again = try PostgresConnection.wrapping { try client.prepare(prepared.sql) }
                guard again.columnTypes == prepared.columnTypes, again.parameterTypes == prepared.parameterTypes else {
                    throw PostgresDatabaseError(PGError(
                        kind: .server, message: "the statement's columns changed on the server it was run again on",
                        sql: sql))
                }
                prepared = again
            }
            return try advance()
        } catch {
            current = nil
            query = nil
            ended = true
            if let error = error as? PGError { throw PostgresDatabaseError(error) }
            throw error
        }
    }

    package func run() throws {
        while try step() {}
    }

    /// Makes the statement ready to run again. A run still going is ended: cancelled on the
    /// server when it only reads outside a transaction, read to its end otherwise.
    package func reset() {
        finishRun()
        ended = false
    }

    /// Whether a command tag counts rows changed (not rows read).
    private static func changesRows(commandTag: String?) -> Bool {
        guard let tag = commandTag else { return false }
        return tag.hasPrefix("INSERT ") || tag.hasPrefix("UPDATE ") || tag.hasPrefix("DELETE ") || tag.hasPrefix("MERGE ")
    }

    package func use<T>(_ body: (PostgresStatement) throws -> T) rethrows -> T {
        let wasInUse = isInUse
        isInUse = true
        defer {
            isInUse = wasInUse
            reset()
        }
        return try body(self)
    }

    /// Records what the run did on the connection once it ended.
    private func end() {
        current = nil
        ended = true
        if let query {
            connection?.didRun(self, commandTag: query.commandTag, affectedRows: query.affectedRows,
                               insertedKey: isInsert ? firstValue ?? .null : nil)
            rowsChangedByLastRun = Self.changesRows(commandTag: query.commandTag) ? query.affectedRows ?? 0 : nil
        }
        query = nil
        firstValue = nil
    }

    /// Ends a run still going, so the connection is free: a read outside a transaction is
    /// cancelled on the server and what came of it dropped (the rest of a million-row or endless
    /// query is never read); a statement that writes, or any inside a transaction (where a cancel
    /// would abort the transaction), runs to its end, its rows read and dropped.
    private func finishRun() {
        current = nil
        if let query {
            if isReadOnly && !runsInTransaction {
                query.cancel()
            } else {
                try? query.finish()
            }
            self.query = nil
        }
        firstValue = nil
    }

    /// Sends the bound statement without waiting for its answer (``PostgresConnection/send(_:answered:)``).
    package func send(answered: @escaping (SentAnswer) throws -> Void) throws {
        guard let connection else {
            throw PostgresDatabaseError(PGError(kind: .misuse, message: "the connection is closed", sql: sql))
        }
        try connection.send(self, answered: answered)
    }

    /// Sends the statement with its bound values into the connection's pipeline.
    func sendWithoutWaiting() throws {
        try client.sendPipelined(prepared, parameters, binaryResults: resultsInBinary)
    }

    /// The first column of `row`, the first row a sent run of the statement answered (an insert's
    /// key), read as the statement reads its own rows.
    package func firstValue(ofAnswer row: PGQueryRow) -> SQLValue {
        guard let (pointer, length) = row.value(at: 0), !readers.isEmpty else { return .null }
        return value(pointer, length, column: 0) {
            Self.fastValue(pointer, length, .text) ?? .null
        }
    }

    /// The value of column `column` at `pointer` (`length` bytes), read by the column's reader:
    /// from the binary form, or in place from the text of the common types; `general` reads the
    /// rest (the text of another type, or not of its reader's form).
    @inline(__always)
    private func value(_ pointer: UnsafePointer<CChar>, _ length: Int, column: Int, general: () -> SQLValue) -> SQLValue {
        switch readers[column] {
        case .binary(let reader):
            return reader.value(pointer, length)
        case .general:
            break
        case let reader:
            if let value = Self.fastValue(pointer, length, reader) { return value }
        }
        return general()
    }

    // MARK: - Reading

    package func value(at index: Int32) -> SQLValue {
        let column = Int(index)
        guard let current, column >= 0, column < readers.count else {
            return .null
        }
        // Read in place from the query's current row, valid until the next step.
        guard let (pointer, length) = current.value(at: index) else { return .null }
        return value(pointer, length, column: column) {
            query?.withCurrentRow { row in
                do {
                    return try SQLValue(row, at: column, as: columnTypes[column])
                } catch {
                    // Text not in the form its type promises (a session's `DateStyle` changed): kept as
                    // the server wrote it rather than lost.
                    return row.text(at: column).map(SQLValue.text) ?? .null
                }
            } ?? .null
        }
    }

    /// Column `index` of the current row: its value, read by the column's reader.
    package func column(at index: Int32) -> ValueColumn {
        ValueColumn(value: value(at: index))
    }

    /// The statement itself: the generated initialisers read its values directly (one call a
    /// value, the column's reader chosen once a statement).
    package var directRow: (any DirectRow)? { self }
}

extension PostgresStatement: DirectRow {}
