import FoundationEssentials

/// The name ORMCore uses for `_ValueReader`.
@_spi(ModelSupport) public typealias ValueReader = _ValueReader

/// One column of a result's current row, read in place: what a driver's row offers to
/// ``DatabaseValueConvertible`` and to the code `@Model` generates.
///
/// Part of the macro's contract (see <doc:Models#The-macros-contract>). Valid only until the row's
/// statement moves on. The numeric readers give 0 and the text and byte readers empty values for
/// NULL; `is…` tells what the column holds (its storage class on SQLite; on a typed database, the
/// class its type maps to).
public protocol _ValueReader {
    /// Whether the column is NULL.
    var isNull: Bool { get }
    /// Whether it holds an integer.
    var isInteger: Bool { get }
    /// Whether it holds a floating-point number.
    var isReal: Bool { get }
    /// Whether it holds text.
    var isText: Bool { get }
    /// Whether it holds bytes.
    var isBlob: Bool { get }
    /// The column as an integer.
    var int64: Int64 { get }
    /// The column as a floating-point number.
    var double: Double { get }
    /// The column as text.
    var text: String { get }
    /// The column as bytes.
    var blob: Data { get }
    /// The column as a value of its own class.
    var value: SQLValue { get }
}

/// The name ORMCore uses for `_RowReader`.
@_spi(ModelSupport) public typealias RowReader = _RowReader

/// The current row of a driver's result, column by column: what a driver other than SQLite hands
/// to the initialisers `@Model` generates for it (`init(_$values:key:)`).
///
/// Part of the macro's contract (see <doc:Models#The-macros-contract>).
public protocol _RowReader {
    /// The number of columns.
    var columnCount: Int32 { get }
    /// Column `index` (0 first) of the current row.
    func column(at index: Int32) -> any _ValueReader
}
