import FoundationEssentials

/// A statement a ``DriverConnection`` prepared: bound with values, then stepped through its rows.
///
/// Used by one thread at a time, inside the call on its connection that prepared or borrowed it.
/// The values of a row are read between a `step()` that returned `true` and the next step. A
/// driver whose server runs a statement in one round trip (PostgreSQL binds every parameter, then
/// executes) runs it on the first `step()` and steps through the rows it received.
///
/// Values are bound by index through ``_ValueBinder`` and a row's columns read in place through
/// ``column(at:)``: what the macro's generic path (`_$bindColumns(_:to binder:startingAt:)`,
/// `init(_$values:key:)`) binds to and decodes from, through ``DriverRowReader``.
package protocol DriverStatement: AnyObject, _ValueBinder {
    /// One column of the current row, read in place.
    associatedtype Column: _ValueReader

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

    /// Runs `body` with the statement marked in use, so that a nested run of the same text is
    /// handed a statement of its own by ``DriverConnection/cachedStatement(_:)``, then resets it,
    /// whatever `body` does.
    func use<T>(_ body: (Self) throws -> T) rethrows -> T

    /// The name of result column `index`.
    func columnName(at index: Int32) -> String

    /// The value of column `index` in the current row.
    func value(at index: Int32) -> SQLValue

    /// Column `index` of the current row, read in place (valid until the statement moves on).
    func column(at index: Int32) -> Column

    /// The statement as a ``DirectRow`` when its rows are read as values one direct call a value
    /// (PostgreSQL's), asked once a statement by ``_ValueRow``; nil (the default) for one read
    /// through its ``Column``s.
    var directRow: (any DirectRow)? { get }

    /// Tells the connection that the statement about to run writes one object's row (`table`,
    /// its `key`, the `columns` an update writes), or, with nil, that it is done: SQLite's update
    /// hook then records the row as the object's own write. Other drivers ignore it (ORMCore
    /// records their writes itself, ``RecordedChanges``).
    func noteObjectWrite(_ write: (table: String, key: SQLValue, columns: [String]?)?)

    /// The key of the row the last insert on the statement's connection made, where the database
    /// generates it apart from the statement (SQLite's rowid); `.null` where an insert hands its
    /// key back with `RETURNING` instead (``InsertedKeySource``).
    var lastInsertedKey: SQLValue { get }

    /// Sends the bound statement without waiting for its answer, where the connection can
    /// (``DriverConnection/sendsWithoutWaiting``): ``DriverConnection/readSentAnswers()`` hands the
    /// answer to `answered`, in the order sent. Elsewhere it throws ``ORMError/notSupported(feature:database:)``.
    func send(answered: @escaping (SentAnswer) throws -> Void) throws
}

extension DriverStatement {
    package var directRow: (any DirectRow)? { nil }

    package func noteObjectWrite(_ write: (table: String, key: SQLValue, columns: [String]?)?) {}

    package var lastInsertedKey: SQLValue { .null }

    package func send(answered: @escaping (SentAnswer) throws -> Void) throws {
        throw ORMError.notSupported(feature: "statements sent without waiting for their answers", database: "this database")
    }

    /// All result columns of the current row. (SQLite's ``Statement`` has its own.)
    package func row() -> [SQLValue] {
        (0..<columnCount).map { value(at: $0) }
    }
}
