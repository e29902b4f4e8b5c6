/// Everything the grid widget needs to draw one frame: the visible rows and the view state.
///
/// Row indexes (`firstRow`, `cursorRow`, ``CellAddress/row``, `deletedRows`, `insertedRows`,
/// `refusedRows`, `markedRows`) count data rows from 0 in the whole result; `rows` holds only the visible ones, starting at
/// `firstRow`.
struct GridViewport: Sendable {
    /// The data row index of `rows[0]`.
    var firstRow: Int
    /// The visible rows, each with one value per column.
    var rows: [[GridValue]]
    /// The number shown in the gutter for each visible row (a position or a rowid).
    var rowNumbers: [Int]
    /// The total number of rows, nil while still being counted.
    var totalRows: Int?
    /// The columns.
    var columns: [GridColumn]
    /// The data row index of the cursor.
    var cursorRow: Int
    /// The column index of the cursor.
    var cursorColumn: Int
    /// The first scrollable column shown after the frozen ones (horizontal scroll).
    var firstColumn: Int
    /// The display width of each column's content (see ``ColumnWidths``).
    var columnWidths: [Int]
    /// How many leading columns stay visible when scrolling right (usually the key columns).
    var frozenColumns: Int
    /// The sort order, shown in the header.
    var sort: GridSort?
    /// Cells changed but not saved.
    var edited: Set<CellAddress>
    /// Data rows marked for deletion.
    var deletedRows: Set<Int>
    /// Data rows added but not saved.
    var insertedRows: Set<Int>
    /// Added rows that SQLite refuses as they are (they need an edit before a commit).
    var refusedRows: Set<Int> = []
    /// Rows marked for a bulk action.
    var markedRows: Set<Int> = []
    /// Columns hidden with `-`: not drawn, though their values stay in ``rows``.
    var hiddenColumns: Set<Int> = []
    /// Whether the gutter has a column for row signs (see ``GridWidget/sign(forRow:of:)``).
    var showsRowSigns = false

    /// Creates a viewport; row numbers default to 1-based positions.
    init(
        columns: [GridColumn], rows: [[GridValue]], firstRow: Int = 0, rowNumbers: [Int]? = nil,
        totalRows: Int? = nil, cursorRow: Int = 0, cursorColumn: Int = 0, firstColumn: Int = 0,
        columnWidths: [Int] = [], frozenColumns: Int = 0, sort: GridSort? = nil,
        edited: Set<CellAddress> = [], deletedRows: Set<Int> = [], insertedRows: Set<Int> = []
    ) {
        self.columns = columns
        self.rows = rows
        self.firstRow = firstRow
        self.rowNumbers = rowNumbers ?? rows.indices.map { firstRow + $0 + 1 }
        self.totalRows = totalRows
        self.cursorRow = cursorRow
        self.cursorColumn = cursorColumn
        self.firstColumn = firstColumn
        self.columnWidths = columnWidths
        self.frozenColumns = frozenColumns
        self.sort = sort
        self.edited = edited
        self.deletedRows = deletedRows
        self.insertedRows = insertedRows
    }
}
