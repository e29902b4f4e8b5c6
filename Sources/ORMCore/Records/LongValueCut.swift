/// How a query that keeps at most a limit of each long value reads them, as the database gives
/// it (``DynamicTable/query(cuttingValuesAt:computing:joining:)``): SQLite reads markers and
/// then a value's start by rowid (`ValueCut`), PostgreSQL cuts on the server
/// (`ServerValueCut`). Each driver makes its own
/// (``RecordDriverConnection/longValueCut(limit:table:cutting:)``); an entity holds one, or none.
protocol LongValueCut: AnyObject, Sendable {
    /// The select-list expression that reads `column` (written `qualified`) cut; nil when the
    /// column is read whole.
    func select(_ qualified: String, column: String) -> String?

    /// A value of `column` read from the database's values, as its start and the whole value's
    /// size; nil when it was not cut (it is cut after reading, if long).
    func decode(_ value: SQLValue, column: String) -> (start: SQLValue, size: Int)?
}

extension LongValueCut {
    func decode(_ value: SQLValue, column: String) -> (start: SQLValue, size: Int)? { nil }
}
