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
    package enum Storage {
        /// The driver's statement, read in place (SQLite's).
        case inPlace(any InPlaceCells)
        /// The values the database sent.
        case values([SQLValue])
    }

    package let storage: Storage

    package init(_ storage: Storage) {
        self.storage = storage
    }

    /// Column `index` (from 0) of the row; NULL past the last column.
    public func column(at index: Int32) -> RowCell {
        switch storage {
        case .inPlace(let cells): RowCell(.inPlace(cells.cell(at: index)))
        case .values(let values): RowCell(.value(values.indices.contains(Int(index)) ? values[Int(index)] : .null))
        }
    }
}

/// One column of a ``RowCells`` row: read in place in the driver's statement (SQLite's), or a
/// value the database sent. The readers convert as SQLite's do.
@_spi(ModelSupport)
public struct RowCell {
    package enum Storage {
        /// A column of the driver's current row, read in place.
        case inPlace(any InPlaceCell)
        /// A value read whole.
        case value(SQLValue)
    }

    package let storage: Storage

    package init(_ storage: Storage) {
        self.storage = storage
    }

    /// Whether the column is NULL.
    public var isNull: Bool {
        switch storage {
        case .inPlace(let column): column.isNull
        case .value(let value): value == .null
        }
    }

    /// Whether the column holds an integer.
    public var isInteger: Bool {
        switch storage {
        case .inPlace(let column): column.isInteger
        case .value(let value): if case .integer = value { true } else { false }
        }
    }

    /// Whether the column holds a real.
    public var isReal: Bool {
        switch storage {
        case .inPlace(let column): column.isReal
        case .value(let value): if case .real = value { true } else { false }
        }
    }

    /// Whether the column holds text.
    public var isText: Bool {
        switch storage {
        case .inPlace(let column): column.isText
        case .value(let value): if case .text = value { true } else { false }
        }
    }

    /// The value as an integer: a real truncated, text read as a number where it is one, else 0.
    public var int64: Int64 {
        switch storage {
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
    public var double: Double {
        switch storage {
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
        switch storage {
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
        switch storage {
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
        // The driver's loop: in place where its statement reads rows where they are.
        try read { connection in try connection.records.forEachRowCells(bound, body) }
    }
}
