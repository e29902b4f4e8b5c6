import FoundationEssentials

/// A driver's statement positioned on a row whose columns are read where they are (SQLite's, in
/// place), rather than copied out as values: what a record query's rows are decoded from
/// (``RecordDecoder/decode``) and what ``RowCells`` reads. The driver's statement provides it,
/// chosen once a statement (SQLite's `Statement`, in `SQLite/Records/Statement+InPlaceCells.swift`);
/// a driver whose rows arrive as values (PostgreSQL) provides none and is read through
/// ``_ValueRow`` and value rows instead.
package protocol InPlaceCells: AnyObject {
    /// Column `index` (from 0) of the current row, read in place; NULL past the last column.
    func cell(at index: Int32) -> any InPlaceCell

    /// Column `index` of the current row as a value of its own class.
    func value(at index: Int32) -> SQLValue

    /// The object of `model` for the current row: the live instance (refreshed) or a new one,
    /// registered in `database`'s identity map, through the driver's fastest path for the model.
    /// `entity` names the table in errors.
    func materialize<M: Model>(_ model: M.Type, database: Database, entity: String) throws -> M
}

/// One column of an ``InPlaceCells`` row, read where it is: what ``RowCell`` reads and converts as
/// SQLite's readers do.
package protocol InPlaceCell: _ValueReader {
    /// Hands `body` the value's text as UTF-8 bytes (a number as its text, NULL as none), valid
    /// only during the call.
    func withTextBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result

    /// The value, a text or blob longer than `limit` bytes cut to its first bytes (text at a
    /// character boundary), with the full size in bytes; nil size when the value is whole.
    func value(cutAt limit: Int) -> (value: SQLValue, fullSize: Int?)
}

/// The current row of a record query whose driver reads rows in place: its cells, the database
/// it comes from and the entity decoded (for error messages).
package struct InPlaceRow {
    /// The driver's statement positioned on the row.
    package let cells: any InPlaceCells
    /// The database the row comes from (related objects are faulted from it).
    package let database: Database
    /// The entity being decoded, for error messages.
    package let entity: String

    /// Makes one from each of its stored properties (the memberwise initialiser, for the drivers).
    package init(cells: any InPlaceCells, database: Database, entity: String) {
        self.cells = cells
        self.database = database
        self.entity = entity
    }
}
