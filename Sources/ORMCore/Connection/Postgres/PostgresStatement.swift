import FoundationEssentials
import PostgresClient

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
final class PostgresStatement: DriverStatement {
    /// The statement's text, with ORMCore's `?` placeholders.
    let sql: String
    /// The statement the server prepared (its text has `$1`, `$2`…).
    let prepared: PGPreparedStatement
    /// Whether the statement only reads (judged from its words: see ``readsOnly(_:)``).
    let isReadOnly: Bool
    /// Whether it is an `INSERT`: its first returned column is the key the insert made.
    private let isInsert: Bool
    /// Whether it is in use (``use(_:)``): the connection's cache then prepares another.
    @exclusivity(unchecked) private(set) var isInUse = false
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
    /// The parameters (numbered from 1) that take a whole list as an array (``SQLToken/postgresText(for:)``).
    private let listParameters: [Int]
    /// How each column is read: nil by its catalog type.
    @exclusivity(unchecked) private var columnTypes: [StoredType?]
    /// How each column's value is read, decided once from its catalog and stored types: all
    /// ``ColumnReader/binary(_:)`` when the statement takes binary results, text readers
    /// otherwise. Read without exclusivity checks, as every property a row's values or a run's
    /// steps touch: the statement is used by one thread at a time, and no access to one of them
    /// overlaps another (the checks cost a fetch 300 instructions a row, an insert 900).
    @exclusivity(unchecked) private var readers: [ColumnReader]
    /// Whether the statement asks for binary results: every column has a binary reader.
    @exclusivity(unchecked) private(set) var resultsInBinary: Bool
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
    /// The rows the last run that ended changed, by its command tag (`INSERT 0 3`, `UPDATE 2`,
    /// `DELETE 1`, `MERGE 4`); nil when its tag names no row change (`SELECT 1`, a data-changing
    /// `WITH` whose outer statement is a `SELECT`: PostgreSQL does not tell those rows).
    @exclusivity(unchecked) private(set) var rowsChangedByLastRun: Int?

    init(sql: String, prepared: PGPreparedStatement, connection: PostgresConnection, listParameters: [Int] = []) {
        integerTimestamps = connection.integerTimestamps
        self.sql = sql
        self.listParameters = listParameters
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

    var parameterCount: Int32 { Int32(parameters.count) }
    var columnCount: Int32 { Int32(columnTypes.count) }

    func columnName(at index: Int32) -> String {
        prepared.columnNames.indices.contains(Int(index)) ? prepared.columnNames[Int(index)] : ""
    }

    /// Whether ``readColumns(as:)`` named the columns' stored types.
    private(set) var readsStoredTypes = false

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

    func bind(_ arguments: [SQLValue]) throws {
        guard arguments.count == parameters.count else {
            throw ORMError.argumentCountMismatch(sql: sql, placeholders: parameters.count, arguments: arguments.count)
        }
        reset()
        for (index, argument) in arguments.enumerated() {
            setParameter(argument, at: index)
        }
    }

    func bind(_ value: SQLValue, at index: Int32) throws {
        let position = Int(index) - 1
        guard position >= 0, position < parameters.count else {
            throw PostgresDatabaseError(PGError(
                kind: .misuse, message: "parameter \(index) is out of range: the statement takes \(parameters.count)",
                sql: sql))
        }
        reset()
        setParameter(value, at: position)
    }

    /// Parameter `position` (from 0) is `value`: a list's JSON as an array literal
    /// (``parameter(_:at:)``), any other value in binary form where its place's type has one
    /// (``PGParameterBuffer/bindBinary(_:at:type:)``), otherwise in the text form
    /// ``parameter(_:as:)`` makes.
    @inline(__always)
    private func setParameter(_ value: SQLValue, at position: Int) {
        if listParameters.isEmpty || !listParameters.contains(position + 1),
            parameters.bindBinary(value, at: position, type: prepared.parameterTypes[position])
        {
            return
        }
        parameters.set(parameter(value, at: position), at: position)
    }

    func bindNull(at index: Int32) throws { try bind(.null, at: index) }
    func bindInt64(_ value: Int64, at index: Int32) throws { try bind(.integer(value), at: index) }
    func bindDouble(_ value: Double, at index: Int32) throws { try bind(.real(value), at: index) }
    func bindText(_ value: String, at index: Int32) throws { try bind(.text(value), at: index) }
    func bindBlob(_ value: Data, at index: Int32) throws { try bind(.blob(value), at: index) }

    /// `value` as the parameter at `position` (from 0): a list's JSON as an array literal.
    private func parameter(_ value: SQLValue, at position: Int) -> PGParameter {
        if !listParameters.isEmpty, listParameters.contains(position + 1), case .text(let json) = value,
            let array = PostgresArrayLiteral(json: json)
        {
            return .text(array.text)
        }
        return Self.parameter(value, as: parameterTypes[position])
    }

    // MARK: - Running

    @discardableResult
    func step() throws -> Bool {
        if ended {
            return false
        }
        do {
            if query == nil {
                let connection = self.connection
                try connection?.willRun(sql)
                runsInTransaction = connection?.wasInTransactionAtLastRun ?? true
                rowsChangedByLastRun = nil
                query = try client.startQuery(prepared, parameters, binaryResults: resultsInBinary)
            }
            guard let query, let row = try query.advance() else {
                end()
                return false
            }
            current = row
            if firstValue == nil, isInsert {
                firstValue = value(at: 0)
            }
            return true
        } catch let error as PGError {
            current = nil
            query = nil
            ended = true
            throw PostgresDatabaseError(error)
        }
    }

    func run() throws {
        while try step() {}
    }

    /// Makes the statement ready to run again. A run still going is ended: cancelled on the
    /// server when it only reads outside a transaction, read to its end otherwise.
    func reset() {
        finishRun()
        ended = false
    }

    /// Whether a command tag counts rows changed (not rows read).
    private static func changesRows(commandTag: String?) -> Bool {
        guard let tag = commandTag else { return false }
        return tag.hasPrefix("INSERT ") || tag.hasPrefix("UPDATE ") || tag.hasPrefix("DELETE ") || tag.hasPrefix("MERGE ")
    }

    func use<T>(_ body: (PostgresStatement) throws -> T) rethrows -> T {
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

    // MARK: - Reading

    func value(at index: Int32) -> SQLValue {
        let column = Int(index)
        guard let current, column >= 0, column < readers.count else {
            return .null
        }
        // Read in place from the query's current row, valid until the next step.
        guard let (pointer, length) = current.value(at: index) else { return .null }
        switch readers[column] {
        case .binary(let reader):
            return reader.value(pointer, length)
        case .general:
            break
        case let reader:
            if let value = Self.fastValue(pointer, length, reader) { return value }
        }
        return query?.withCurrentRow { row in
            do {
                return try SQLValue(row, at: column, as: columnTypes[column])
            } catch {
                // Text not in the form its type promises (a session's `DateStyle` changed): kept as
                // the server wrote it rather than lost.
                return row.text(at: column).map(SQLValue.text) ?? .null
            }
        } ?? .null
    }

    /// How a column's value is read, decided once a statement (and again when a model names its
    /// stored types) rather than a value.
    enum ColumnReader: Equatable {
        /// In place from libpq's text: a decimal integer, a float, `t`/`f`, or text as it is.
        case integer, double, boolean, text
        /// Through `SQLValue(row, at:, as:)`.
        case general
        /// From the binary form (the statement takes binary results).
        case binary(PostgresBinaryReader)

        /// The readers of columns of catalog types `types` read as `stored`: binary ones when
        /// every column has one (``PostgresBinaryReader``), and whether they are.
        static func readers(
            types: [PGTypeOID], as stored: [StoredType?], integerTimestamps: Bool
        ) -> (readers: [ColumnReader], binary: Bool) {
            if let binary = PostgresBinaryReader.readers(types: types, as: stored, integerTimestamps: integerTimestamps) {
                return (binary.map(ColumnReader.binary), true)
            }
            return (zip(types, stored).map(ColumnReader.init(type:as:)), false)
        }

        /// The text reader for a column of catalog type `type` read as `stored` (nil: by its
        /// catalog type). A model's column of another catalog type (a `numeric` holding an
        /// integer) reads as the general path reads it.
        init(type: PGTypeOID, as stored: StoredType?) {
            let isText = type == .text || type == .varchar || type == .bpchar || type == .name
            switch stored {
            case nil, .any?:
                self = type.isInteger ? .integer : type.isFloatingPoint ? .double : type == .bool ? .boolean
                    : isText ? .text : .general
            case .integer?, .double?, .boolean?, .text?:
                guard type.isInteger || type.isFloatingPoint || type == .bool || type == .text || type == .varchar else {
                    self = .general
                    return
                }
                self = stored == .integer ? .integer : stored == .double ? .double : stored == .boolean ? .boolean : .text
            default:
                self = .general
            }
        }
    }

    /// The value of the common types read in place from libpq's text, without the copies the
    /// general path makes: integers, floats, booleans and text as a model or the catalog reads
    /// them. Nil for text not of its reader's form, which then takes `SQLValue(row, at:, as:)`.
    private static func fastValue(_ pointer: UnsafePointer<CChar>, _ length: Int, _ reader: ColumnReader) -> SQLValue? {
        switch reader {
        case .integer:
            return Self.integer(pointer, length).map(SQLValue.integer)
        case .double:
            var end: UnsafeMutablePointer<CChar>?
            let value = strtod(pointer, &end)
            guard let end, end == UnsafeMutablePointer(mutating: pointer) + length, length > 0 else { return nil }
            return .real(value)
        case .boolean:
            guard length == 1 else { return nil }
            return pointer.pointee == CChar(UInt8(ascii: "t")) ? .integer(1)
                : pointer.pointee == CChar(UInt8(ascii: "f")) ? .integer(0) : nil
        case .text:
            return pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
                SQLValue.text(String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self))
            }
        case .general, .binary:
            return nil
        }
    }

    /// The decimal integer of `length` bytes at `pointer` (an optional `-`), nil when it is not
    /// one or does not fit.
    private static func integer(_ pointer: UnsafePointer<CChar>, _ length: Int) -> Int64? {
        var index = 0
        let negative = length > 0 && pointer[0] == CChar(UInt8(ascii: "-"))
        if negative { index = 1 }
        guard index < length else { return nil }
        var value: Int64 = 0
        while index < length {
            let digit = Int64(pointer[index]) - 48
            guard digit >= 0, digit <= 9 else { return nil }
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            guard !overflow, !overflow2 else { return nil }
            value = next
            index += 1
        }
        return value
    }

    /// Column `index` of the current row: its value, read by the column's reader (what the
    /// generated initialisers decode a PostgreSQL row's properties from, through
    /// ``PostgresRowSource``).
    func column(at index: Int32) -> PostgresColumn {
        PostgresColumn(value: value(at: index))
    }
}
