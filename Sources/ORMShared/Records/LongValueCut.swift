/// How a query that keeps at most a limit of each long value reads them, as the database gives
/// it (``DynamicTable/query(cuttingValuesAt:computing:joining:)``): SQLite reads markers and
/// then a value's start by rowid, PostgreSQL cuts on the server. Each driver makes its own
/// (``RecordDriverConnection/longValueCut(limit:table:cutting:)``); an entity holds one, or none.
package protocol LongValueCut: AnyObject, Sendable {
    /// The select-list expression that reads `column` (written `qualified`) cut; nil when the
    /// column is read whole.
    func select(_ qualified: String, column: String) -> String?

    /// A value of `column` read from the database's values, as its start and the whole value's
    /// size; nil when it was not cut (it is cut after reading, if long).
    func decode(_ value: SQLValue, column: String) -> (start: SQLValue, size: Int)?

    /// Result column `index` of `row`, a row read in place, when the database handed back a
    /// stand-in for it (SQLite's marker) and reads its start apart: the start, cut at `limit`
    /// bytes, and the whole value's size; nil when the column holds the value itself. `rowID`
    /// is the position of the row's rowid (named `rowIDColumn`) in the result.
    func cutValue(
        in row: InPlaceRow, at index: Int32, table: String, column: String, rowID: Int32,
        rowIDColumn: String, limit: Int
    ) throws -> (value: SQLValue, fullSize: Int?)?
}

extension LongValueCut {
    package func decode(_ value: SQLValue, column: String) -> (start: SQLValue, size: Int)? { nil }

    package func cutValue(
        in row: InPlaceRow, at index: Int32, table: String, column: String, rowID: Int32,
        rowIDColumn: String, limit: Int
    ) throws -> (value: SQLValue, fullSize: Int?)? { nil }
}
