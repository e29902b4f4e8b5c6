import FoundationEssentials

/// A statement a ``DriverConnection`` prepared: bound with values, then stepped through its rows.
///
/// Used by one thread at a time, inside the call on its connection that prepared or borrowed it.
/// The values of a row are read between a `step()` that returned `true` and the next step. A
/// driver whose server runs a statement in one round trip (PostgreSQL binds every parameter, then
/// executes) runs it on the first `step()` and steps through the rows it received.
protocol DriverStatement: AnyObject {
    /// The statement's text as prepared.
    var sql: String { get }
    /// Whether the statement only reads.
    var isReadOnly: Bool { get }
    /// The number of values the statement takes.
    var parameterCount: Int32 { get }
    /// The number of columns of each row.
    var columnCount: Int32 { get }

    /// Binds `arguments` to the parameters, in order.
    ///
    /// - Throws: ``ORMError/argumentCountMismatch(sql:placeholders:arguments:)`` when their number
    ///   differs from the parameters'; the driver's ``DatabaseError`` when a value cannot be bound.
    func bind(_ arguments: [SQLValue]) throws

    /// Moves to the next row: `true` on a row, `false` once the statement has run to its end.
    ///
    /// - Throws: the driver's ``DatabaseError`` when the statement fails.
    @discardableResult
    func step() throws -> Bool

    /// Runs the statement to its end, discarding any rows.
    func run() throws

    /// Makes the statement ready to run again (its bound values stay).
    func reset()

    /// The name of result column `index`.
    func columnName(at index: Int32) -> String

    /// The value of column `index` in the current row.
    func value(at index: Int32) -> SQLValue
}
