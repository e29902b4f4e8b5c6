@_spi(ModelSupport) import ORMCore
@_spi(ModelSupport) import ORMSQLite
@_spi(ModelSupport) import ORMShared

/// A value as a streaming export hands it to an encoder: held whole (``ExportValue``), or a long
/// text or blob (``LongValue``) read from the database in chunks as it is written.
enum ExportCell {
    /// A value held whole.
    case value(ExportValue)
    /// A value too long to hold, read as it is written.
    case long(LongValue)

    /// The cells of a row of values held whole.
    static func row(_ values: [ExportValue]) -> [ExportCell] {
        values.map(ExportCell.value)
    }
}

/// A long text or blob an export reads a chunk at a time (by rowid, through SQLite's incremental
/// I/O) while it writes it: a 50 MB value costs a chunk, not 50 MB and its escaped copy.
///
/// Valid only during the call that handed it over: ``read`` goes through the statement reading
/// the rows, in its transaction.
struct LongValue {
    /// Whether the bytes are a text's (UTF-8, possibly invalid) or a blob's.
    let kind: MarkedValues.Kind
    /// The value's size in bytes.
    let size: Int
    /// Hands the value's bytes to its argument in chunks, in order.
    let read: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void
}

/// A piece of an encoded row: text as it is, or a long value to be streamed in an encoding.
enum ExportPart {
    /// Text written as it is.
    case text(String)
    /// A long value written as `encoding` writes it (``LongValueWriter``).
    case long(LongValue, LongValueEncoding)
}

/// How a long value is written: the same bytes as the format's encoder writes for the value
/// held whole.
enum LongValueEncoding: Equatable {
    /// A CSV or TSV field with this separator (``CSVEncoder/field(_:)``).
    case csv(separator: UInt8)
    /// A JSON value (``JSONRowWriter/json(_:)``).
    case json
    /// An SQL literal (``SQLInsertEncoder/literal(_:)``).
    case sql
}
