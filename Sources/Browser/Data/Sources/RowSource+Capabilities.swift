import ORMCore

/// What a row source can do beyond showing rows, asked of the source rather than found by its
/// type: each source says what it supports, and a screen offers what the source says.
///
/// The defaults are "cannot": rows that cannot be read again, have no keys and come from no table.
extension RowSource {
    /// The table (or reef's copy of a statement's results) these rows are read from by key, for
    /// what only keyed rows allow: live refresh, edits, whole values of cut cells. Nil by default.
    var keyedTable: TableSource? {
        nil
    }

    /// Reef's own copy of a statement's results these rows come from, if they do. Nil by default.
    var resultStore: ResultStore? {
        nil
    }

    /// Whether the rows still arrive from a statement running at the SQL prompt (sorting and
    /// filtering wait for the last one; Esc stops the statement). False by default.
    var isFilling: Bool {
        false
    }

    /// The table or view the rows are of, by the name the database knows it by; nil for a
    /// statement's results. Nil by default.
    var tableName: String? {
        nil
    }

    /// What the rows come from, to count or summarise over: a table's quoted name, a query's
    /// parenthesised text; nil for rows that cannot be read again (a `PRAGMA`'s). Nil by default.
    var relation: SQL? {
        nil
    }

    /// How `F` and `I` over ``relation`` read long values by rowid to make their keys
    /// (``LongValueReads/valueKey(of:limit:)``). Nil by default: in the rows, loaded whole.
    var longValueKeyReads: LongValueReads? {
        nil
    }

    /// The database the rows are read from, when it is not the one browsed (a statement's results
    /// are read from reef's own copy of them). Nil by default: the database browsed.
    var ownDatabase: Database? {
        nil
    }

    /// The declared SQL type of each column, in ``RowSource/columns``' order; empty when unknown.
    var declaredColumnTypes: [String] {
        []
    }

    /// False by default: every cell shows a value.
    func isPending(row: Int, column: Int) -> Bool {
        false
    }

    /// The rows read again whole, in this view's order and filter, one pass, for an export or a
    /// copy; nil when they cannot be read again. Nil by default.
    func rowsToExport() -> (any ExportRows)? {
        nil
    }

    /// False by default: no row is pinned last (only a pivot table's ``PagedSource`` pins its
    /// totals row).
    func isPinned(row: Int) throws -> Bool {
        false
    }

    /// Nil by default: the rows cannot be read again restricted to a group.
    func restricted(to group: RowGroup) throws -> RowSource? {
        nil
    }
}
