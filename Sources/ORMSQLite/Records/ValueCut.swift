import ORMShared

/// How a query over a SQLite rowid table reads the values its records keep only the start of
/// (``DynamicTable/query(cuttingValuesAt:)``) without SQLite loading them whole.
///
/// SQLite 3.40 loads a value whole for any expression that reads it, except `typeof(x)` and
/// `length(x)` of a blob: a 50 MB text on screen costs 50 MB for the moment of the read. So the
/// statement selects, in place of each cut column, an expression that hands back a short blob, a
/// number or NULL as it is, and a marker in place of every text and every blob longer than the
/// limit: a zero-filled blob of `limit + 1` bytes for a text, `limit + 2` for a long blob
/// (`zeroblob` costs nothing; no value it stands in for can come back at that length). The marked
/// cells are then read through SQLite's incremental I/O by rowid: their first `limit` bytes and
/// their size, never the rest.
///
/// ```swift
/// let cut = ValueCut(limit: 1_024, columns: ["body"])
/// cut.select("\"t\".\"body\"")  // CASE WHEN typeof("t"."body") = 'text' THEN zeroblob(1025) …
/// ```
package final class ValueCut: LongValueCut {
    /// The bytes of a value kept.
    package let limit: Int
    /// The columns read this way, by name.
    package let columns: Set<String>

    /// What a marker stands for.
    package enum Marked: Equatable {
        /// A text, of unknown length.
        case text
        /// A blob longer than the limit.
        case longBlob
    }

    package init(limit: Int, columns: Set<String>) {
        self.limit = limit
        self.columns = columns
    }

    package func select(_ qualified: String, column: String) -> String? {
        columns.contains(column) ? select(qualified) : nil
    }

    /// The expression selected instead of `qualified` (a column qualified by its table).
    package func select(_ qualified: String) -> String {
        "CASE WHEN typeof(\(qualified)) = 'text' THEN zeroblob(\(limit + 1)) "
            + "WHEN typeof(\(qualified)) = 'blob' AND length(\(qualified)) > \(limit) THEN zeroblob(\(limit + 2)) "
            + "ELSE \(qualified) END"
    }

    /// What a blob of `byteCount` bytes selected through ``select(_:)`` stands for; nil for a
    /// value that is itself (a blob of at most `limit` bytes).
    package func marked(blobOfBytes byteCount: Int) -> Marked? {
        switch byteCount {
        case limit + 1: .text
        case limit + 2: .longBlob
        default: nil
        }
    }

    /// A marked cell's start and size, read by rowid through SQLite's incremental I/O (never the
    /// rest of the value); nil for a cell that holds its value.
    package func cutValue(
        in row: InPlaceRow, at index: Int32, table: String, column: String, rowID: Int32,
        rowIDColumn: String, limit: Int
    ) throws -> (value: SQLValue, fullSize: Int?)? {
        // SQLite's rows are its statements (the cut is SQLite's, so is the row).
        guard let statement = row.cells as? Statement else { return nil }
        let cell = statement.column(at: index)
        guard cell.isBlob, let marked = marked(blobOfBytes: cell.byteCount) else { return nil }
        let key = statement.column(at: rowID).int64
        return try statement.onConnection {
            try $0.cutValue(
                table: table, column: column, rowID: key, rowIDColumn: rowIDColumn, marked: marked, limit: limit)
        }
    }
}
