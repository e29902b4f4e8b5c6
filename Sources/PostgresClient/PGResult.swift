import CLibPQ

/// The rows a statement returned, as libpq holds them: a random-access collection of ``PGRow``.
///
/// Values come in PostgreSQL's text form (`42`, `t`, `2024-01-05 10:00:00+00`, `\x00ff` for bytea),
/// exact to the digit for `numeric`; ``PGRow/bytea(at:)`` decodes bytea. A query started with
/// binary results (``PGConnection/startQuery(_:_:binaryResults:)``) holds every value in its
/// type's binary form instead (``isBinary``): read those with ``PGRow/rawValue(at:)``.
public final class PGResult: RandomAccessCollection, @unchecked Sendable {
    // A PGresult is never changed after libpq hands it over, and libpq allows reading one from
    // several threads; it is freed once, here.
    private let handle: OpaquePointer
    /// Whether the values are in their types' binary form (`bigint` as 8 bytes, big-endian) rather
    /// than their text form; the text readers (``PGRow/text(at:)``, ``PGRow/int64(at:)``…) read
    /// only text.
    public let isBinary: Bool

    /// Whether it clears `handle` when released.
    private let ownsHandle: Bool

    /// Takes ownership of `handle` (it is cleared when the result is released).
    init(handle: OpaquePointer, isBinary: Bool = false) {
        self.handle = handle
        self.isBinary = isBinary
        ownsHandle = true
    }

    /// Reads `handle` without owning it: for a call that must not let the result outlive it
    /// (``PGQuery/withCurrentRow(_:)``).
    init(borrowing handle: OpaquePointer, isBinary: Bool) {
        self.handle = handle
        self.isBinary = isBinary
        ownsHandle = false
    }

    deinit {
        if ownsHandle {
            PQclear(handle)
        }
    }

    /// The number of columns.
    public var columnCount: Int { Int(PQnfields(handle)) }

    /// The column names, in order.
    public var columnNames: [String] {
        (0..<columnCount).map { columnName(at: $0) }
    }

    /// The name of column `column`.
    public func columnName(at column: Int) -> String {
        PQfname(handle, Int32(column)).map { String(cString: $0) } ?? ""
    }

    /// The type of column `column`.
    public func columnType(at column: Int) -> PGTypeOID {
        PGTypeOID(rawValue: PQftype(handle, Int32(column)))
    }

    /// The number of `$n` placeholders of a described prepared statement.
    var parameterCount: Int { Int(PQnparams(handle)) }

    /// The type of placeholder `index` of a described prepared statement.
    func parameterType(at index: Int) -> PGTypeOID {
        PGTypeOID(rawValue: PQparamtype(handle, Int32(index)))
    }

    /// The rows a command changed (`UPDATE`, `DELETE`, `INSERT`, `COPY`…), or nil for others.
    public var affectedRows: Int? {
        guard let text = PQcmdTuples(handle) else {
            return nil
        }
        return Int(String(cString: text))
    }

    /// The command tag the server sent (`INSERT 0 1`, `SELECT 3`, `CREATE TABLE`).
    public var commandTag: String {
        PQcmdStatus(handle).map { String(cString: $0) } ?? ""
    }

    // MARK: - Collection

    public var startIndex: Int { 0 }
    public var endIndex: Int { Int(PQntuples(handle)) }

    public subscript(row: Int) -> PGRow {
        PGRow(result: self, row: Int32(row))
    }

    // MARK: - Values

    func isNull(row: Int32, column: Int32) -> Bool {
        PQgetisnull(handle, row, column) == 1
    }

    func text(row: Int32, column: Int32) -> String? {
        guard !isNull(row: row, column: column), let value = PQgetvalue(handle, row, column) else {
            return nil
        }
        let length = Int(PQgetlength(handle, row, column))
        return value.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }

    func withValue<T>(row: Int32, column: Int32, _ body: (UnsafePointer<CChar>, Int) throws -> T) rethrows -> T? {
        guard !isNull(row: row, column: column), let value = PQgetvalue(handle, row, column) else {
            return nil
        }
        return try body(value, Int(PQgetlength(handle, row, column)))
    }

    func rawValue(row: Int32, column: Int32) -> (pointer: UnsafePointer<CChar>, length: Int)? {
        guard PQgetisnull(handle, row, column) == 0, let value = PQgetvalue(handle, row, column) else {
            return nil
        }
        return (UnsafePointer(value), Int(PQgetlength(handle, row, column)))
    }

    func bytes(row: Int32, column: Int32) -> [UInt8]? {
        guard !isNull(row: row, column: column), let value = PQgetvalue(handle, row, column) else {
            return nil
        }
        let length = Int(PQgetlength(handle, row, column))
        return value.withMemoryRebound(to: UInt8.self, capacity: length) {
            Array(UnsafeBufferPointer(start: $0, count: length))
        }
    }
}

/// One row of a ``PGResult``.
public struct PGRow: Sendable {
    /// The result holding the row.
    public let result: PGResult
    /// The row's index in it.
    let row: Int32

    /// The number of columns.
    public var count: Int { result.columnCount }

    /// Whether column `column` is NULL.
    public func isNull(at column: Int) -> Bool {
        result.isNull(row: row, column: Int32(column))
    }

    /// Column `column` in PostgreSQL's text form, or nil for NULL.
    public func text(at column: Int) -> String? {
        result.text(row: row, column: Int32(column))
    }

    /// Calls `body` with column `column` as the server sent it, read in place: a pointer to its
    /// text form, NUL-terminated as libpq keeps it, and its length in bytes (valid only inside
    /// `body`). Nil for NULL, without calling `body`.
    public func withValue<T>(at column: Int, _ body: (UnsafePointer<CChar>, Int) throws -> T) rethrows -> T? {
        try result.withValue(row: row, column: Int32(column), body)
    }

    /// Column `column` as the server sent it, in place: a pointer to its text form (NUL-terminated
    /// as libpq keeps it) and its length in bytes, valid while the row's ``result`` lives; nil for
    /// NULL. ``withValue(at:_:)`` without the closure, for a loop that reads every value of many
    /// rows.
    public func rawValue(at column: Int) -> (pointer: UnsafePointer<CChar>, length: Int)? {
        result.rawValue(row: row, column: Int32(column))
    }

    /// The bytes of column `column` as the server sent them (its text form), or nil for NULL.
    public func rawBytes(at column: Int) -> [UInt8]? {
        result.bytes(row: row, column: Int32(column))
    }

    /// Column `column` as an integer (`smallint`, `integer`, `bigint`, or any text of one), nil for NULL.
    ///
    /// - Throws: ``PGError`` of kind `.misuse` when the value is not an integer that fits.
    public func int64(at column: Int) throws -> Int64? {
        try text(at: column).map { text in
            guard let value = Int64(text) else { throw notA("an integer", column: column, text: text) }
            return value
        }
    }

    /// Column `column` as a double (`real`, `double precision`, `NaN`, `Infinity`, `-Infinity`, or
    /// the text of a number), nil for NULL.
    ///
    /// - Throws: ``PGError`` of kind `.misuse` when the value is not a number.
    public func double(at column: Int) throws -> Double? {
        try text(at: column).map { text in
            switch text {
            case "NaN": return .nan
            case "Infinity": return .infinity
            case "-Infinity": return -.infinity
            default:
                guard let value = Double(text) else { throw notA("a number", column: column, text: text) }
                return value
            }
        }
    }

    /// Column `column` as a `boolean` (`t` or `f`), nil for NULL.
    ///
    /// - Throws: ``PGError`` of kind `.misuse` for any other text.
    public func bool(at column: Int) throws -> Bool? {
        try text(at: column).map { text in
            switch text {
            case "t": return true
            case "f": return false
            default: throw notA("a boolean", column: column, text: text)
            }
        }
    }

    private func notA(_ kind: String, column: Int, text: String) -> PGError {
        PGError(kind: .misuse, message: "column \(result.columnName(at: column)) is not \(kind): \(text.prefix(40))")
    }

    /// A `bytea` column decoded from its text form (`\x00ff`), or nil for NULL.
    ///
    /// - Throws: ``PGError`` when the text is not bytea's hex form (the server's `bytea_output` is
    ///   `escape`, say).
    public func bytea(at column: Int) throws -> [UInt8]? {
        guard let text = rawBytes(at: column) else {
            return nil
        }
        guard let bytes = ByteaText.decode(text) else {
            throw PGError(kind: .misuse, message: "column \(column) is not bytea in hex form")
        }
        return bytes
    }
}
