import FoundationEssentials

/// The name ORMCore uses for `_ValueBinder`.
@_spi(ModelSupport) public typealias ValueBinder = _ValueBinder

/// Where a statement's values are bound by parameter index (1 first): what a driver's statement
/// offers to ``DatabaseValueConvertible`` and to the code `@Model` generates.
///
/// Part of the macro's contract (see <doc:Models#The-macros-contract>). SQLite's statement binds
/// each value into SQLite at once; a driver whose server takes every parameter with the execution
/// (PostgreSQL) keeps the values until the statement runs. Generated code binds through SQLite's
/// statement directly, where each call is inlined; other drivers are reached through this protocol.
public protocol _ValueBinder {
    /// Binds NULL.
    func bindNull(at index: Int32) throws
    /// Binds an integer.
    func bindInt64(_ value: Int64, at index: Int32) throws
    /// Binds a floating-point number.
    func bindDouble(_ value: Double, at index: Int32) throws
    /// Binds text.
    func bindText(_ value: String, at index: Int32) throws
    /// Binds bytes.
    func bindBlob(_ value: Data, at index: Int32) throws
    /// Binds any value.
    func bind(_ value: SQLValue, at index: Int32) throws
}
