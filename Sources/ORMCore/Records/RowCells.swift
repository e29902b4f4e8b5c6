import FoundationEssentials

/// The current row of ``Database/forEachRowCells(_:_:body:)``, its columns read where they are:
/// in place in SQLite's statement, or from the values a server sent.
///
/// ```swift
/// try db.forEachRowCells("SELECT note, count(*) FROM t GROUP BY 1") { row in
///     let size = row.column(at: 0).withTextBytes { $0.count }
/// }
/// ```
///
/// Valid only during the call that hands it out. Part of the `ModelSupport` SPI, with no promise
/// to stay as it is: reef's column summary reads through it.
@_spi(ModelSupport)
public struct RowCells {
    @usableFromInline enum Storage {
        case statement(Statement)
        case values([SQLValue])
    }

    @usableFromInline let storage: Storage

    @usableFromInline init(_ storage: Storage) {
        self.storage = storage
    }

    /// Column `index` (from 0) of the row; NULL past the last column.
    @inlinable
    public func column(at index: Int32) -> RowCell {
        switch storage {
        case .statement(let statement): return .inPlace(statement.column(at: index))
        case .values(let values): return .value(values.indices.contains(Int(index)) ? values[Int(index)] : .null)
        }
    }
}

/// One column of a ``RowCells`` row: SQLite's value read in place, or a value a server sent.
/// The readers are those of `ColumnValue`, and convert as SQLite's do.
@_spi(ModelSupport)
public enum RowCell {
    /// A column of SQLite's current row.
    case inPlace(ColumnValue)
    /// A value read whole.
    case value(SQLValue)

    /// Whether the column is NULL.
    @inlinable public var isNull: Bool {
        switch self {
        case .inPlace(let column): column.isNull
        case .value(let value): value == .null
        }
    }

    /// Whether the column holds an integer.
    @inlinable public var isInteger: Bool {
        switch self {
        case .inPlace(let column): column.isInteger
        case .value(let value): if case .integer = value { true } else { false }
        }
    }

    /// Whether the column holds a real.
    @inlinable public var isReal: Bool {
        switch self {
        case .inPlace(let column): column.isReal
        case .value(let value): if case .real = value { true } else { false }
        }
    }

    /// Whether the column holds text.
    @inlinable public var isText: Bool {
        switch self {
        case .inPlace(let column): column.isText
        case .value(let value): if case .text = value { true } else { false }
        }
    }

    /// The value as an integer: a real truncated, text read as a number where it is one, else 0.
    @inlinable public var int64: Int64 {
        switch self {
        case .inPlace(let column): return column.int64
        case .value(let value):
            switch value {
            case .integer(let integer): return integer
            case .real(let real): return real.isFinite ? Int64(exactly: real.rounded(.towardZero)) ?? 0 : 0
            case .text(let text): return Int64(text) ?? Double(text).flatMap { Int64(exactly: $0.rounded(.towardZero)) } ?? 0
            default: return 0
            }
        }
    }

    /// The value as a double: an integer converted, text read as a number where it is one, else 0.
    @inlinable public var double: Double {
        switch self {
        case .inPlace(let column): return column.double
        case .value(let value):
            switch value {
            case .integer(let integer): return Double(integer)
            case .real(let real): return real
            case .text(let text): return Double(text) ?? 0
            default: return 0
            }
        }
    }

    /// Hands `body` the value's text as UTF-8 bytes (a number as its text, NULL as none), valid
    /// only during the call.
    public func withTextBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        switch self {
        case .inPlace(let column):
            return try column.withTextBytes(body)
        case .value(let value):
            var text: String
            switch value {
            case .null: text = ""
            case .integer(let integer): text = String(integer)
            case .real(let real): text = String(real)
            case .text(let string): text = string
            case .blob(let data): text = String(decoding: data, as: UTF8.self)
            }
            return try text.withUTF8(body)
        }
    }

    /// The value, a text or blob longer than `limit` bytes cut to its first bytes (text at a
    /// character boundary), with the full size in bytes; nil size when the value is whole.
    public func value(cutAt limit: Int) -> (value: SQLValue, fullSize: Int?) {
        switch self {
        case .inPlace(let column): column.value(cutAt: limit)
        case .value(let value): value.cut(at: limit)
        }
    }
}

extension Database {
    /// Runs a query and hands `body` each row, its columns read where they are: on SQLite in place
    /// in the statement (text as its bytes, long values cut without being copied whole), on
    /// PostgreSQL from the values the server sent. As ``forEachRow(_:_:body:)``, one snapshot and
    /// the memory of one row.
    ///
    /// ```swift
    /// try db.forEachRowCells("SELECT kind, count(*) FROM events GROUP BY 1") { row in
    ///     print(row.column(at: 0).value(cutAt: 64).value, row.column(at: 1).int64)
    /// }
    /// ```
    ///
    /// Part of the `ModelSupport` SPI (`@_spi(ModelSupport) import ORMCore`), with no promise to
    /// stay as it is.
    @_spi(ModelSupport)
    public func forEachRowCells(_ sql: SQL, _ arguments: any SQLExpressible..., body: (RowCells) throws -> Void) throws {
        let bound = try sql.binding(arguments).rendered(in: dialect)
        try read { connection in
            // SQLite's rows are read in place; another database's from its values.
            if let sqlite = connection.driverConnection as? Connection {
                try sqlite.forEachRow(bound) { try body(RowCells(.statement($0))) }
            } else {
                try connection.driverConnection.forEachValueRow(bound) { try body(RowCells(.values($0))) }
            }
        }
    }
}
