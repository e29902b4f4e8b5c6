/// Everything a key can ask for. What a command does depends on the screen it reaches:
/// ``down`` moves the grid cursor, the table selection, or scrolls a text view.
enum Command: Hashable, Sendable, CaseIterable {
    /// Move up one row (scroll up in text views).
    case up
    /// Move down one row (scroll down in text views).
    case down
    /// Move one column left (previous record in the record view).
    case left
    /// Move one column right (next record in the record view).
    case right
    /// Move up one screen.
    case pageUp
    /// Move down one screen.
    case pageDown
    /// Go to the first row.
    case top
    /// Go to the last row.
    case bottom
    /// Go to the first column.
    case firstColumn
    /// Go to the last column.
    case lastColumn
    /// Switch the focus between the table list and the grid.
    case switchFocus
    /// Open the selected table, or the record view of the cursor row.
    case open
    /// Close the current view; on the main screen clear the filter, sort and hidden columns, else quit.
    case back
    /// Cancel or close the current view; never quits (on the main screen it only says so).
    case cancel
    /// Quit at once.
    case quit
    /// Cycle the sort of the cursor column: ascending, descending, off.
    case sort
    /// Add the cursor column to the sort, keeping the columns sorted already (`zs`).
    case addSort
    /// Filter the rows with a `WHERE` expression.
    case filter
    /// Search for text.
    case search
    /// Search by a regular expression, in every column (`\`, `g/`).
    case searchRegex
    /// Search for text in the cursor column only (`z/`).
    case searchColumn
    /// Search by a regular expression in the cursor column only (`z\`).
    case searchColumnRegex
    /// Go to the next row matching the search.
    case nextMatch
    /// Go to the previous row matching the search.
    case previousMatch
    /// Go to a row by number.
    case goToRow
    /// Go to a column by name or by a pattern matching its name (`gc`).
    case goToColumn
    /// Show the table's schema.
    case schema
    /// Browse another schema of the database (PostgreSQL).
    case switchSchema
    /// Show the next of the databases open (`gt`).
    case nextDatabase
    /// Show the previous of the databases open (`gT`).
    case previousDatabase
    /// Run a SQL statement.
    case sql
    /// On the plan screen (`Ctrl-P` at the SQL prompt): run the statement to measure its plan
    /// (PostgreSQL's `EXPLAIN ANALYZE`), a write rolled back.
    case analyzePlan
    /// Make the cursor column narrower.
    case narrow
    /// Make the cursor column wider.
    case widen
    /// Read the data again, keeping the cursor row, widths and sort.
    case reload
    /// Go to the row the cursor cell refers to through its foreign key.
    case followReference
    /// Go back to where the last ``followReference`` left from.
    case jumpBack
    /// Export the current view (its filter and sort) to a file.
    case export
    /// The frequency table of the cursor column (`F`).
    case frequency
    /// The frequency table grouped by the key columns set with `!` (`gF`).
    case groupedFrequency
    /// The pivot table: rows by the key column (`!`), columns by the cursor column's values (`W`).
    case pivot
    /// Make the cursor column a key column that `gF` groups by, or an ordinary one again (`!`).
    case toggleGroupKey
    /// Add the count of the cursor column's values to what frequency tables compute (`+c`).
    case aggregateCount
    /// Add the count of the cursor column's distinct values (`+u`).
    case aggregateDistinct
    /// Add the sum of the cursor column (`+s`).
    case aggregateSum
    /// Add the mean of the cursor column (`+a`).
    case aggregateMean
    /// Add the minimum of the cursor column (`+<`).
    case aggregateMin
    /// Add the maximum of the cursor column (`+>`).
    case aggregateMax
    /// Add the median of the cursor column (`+m`, PostgreSQL).
    case aggregateMedian
    /// Add the sample standard deviation of the cursor column (`+d`).
    case aggregateStddev
    /// Remove the aggregates of the cursor column (`+-`).
    case removeAggregates
    /// Hide the cursor column (`-`).
    case hideColumn
    /// Show every hidden column again (`gv`).
    case showAllColumns
    /// The summary of every column of the view (`I`).
    case summary
    /// Plot the cursor column (up) against the key column set with `!` (across), a text key
    /// column colouring the points (`.`).
    case plot
    /// The histogram of the cursor column (`H`).
    case histogram
    /// On a table's grid: add a column computed from an SQL expression; on a plot: zoom in around
    /// the cursor; on a histogram: finer bins (`=`).
    case computeColumn
    /// Bring a column of the table the cursor column's foreign key refers to into the view, as a
    /// computed column (`z]`).
    case bringReferencedColumn
    /// Join the table's view with another table or a CSV/JSON file on chosen columns (`J`).
    case join
    /// On a plot: points or lines (`L`).
    case plotLines
    /// Show or hide the picture of the cursor column over the rows shown (`zp`).
    case columnPicture
    /// Copy the cursor cell to the terminal's clipboard.
    case yankCell
    /// Copy the cursor row (tab-separated) to the terminal's clipboard.
    case yankRow
    /// Copy the cursor column of the view (filter, sort) as CSV, TSV or JSON to the clipboard (`gy`).
    case yankColumn
    /// Copy the view (filter, sort, the columns shown) as CSV, TSV or JSON to the clipboard (`gY`).
    case yankView
    /// Edit the cursor cell in a one-line editor (staged, not written).
    case editCell
    /// Set the cursor cell to NULL (staged).
    case setNull
    /// Delete the marked rows, or the cursor row, after asking (staged).
    case deleteRow
    /// Add a new row with the columns' defaults after the table's rows (staged).
    case insertRow
    /// Add a copy of the cursor row after the table's rows, its generated key left out (staged).
    case duplicateRow
    /// Mark or unmark the cursor row and move down.
    case toggleMark
    /// Unmark every row.
    case clearMarks
    /// Edit the cursor cell in `$VISUAL` or `$EDITOR` (staged).
    case editInEditor
    /// Take back the last staged change of the table.
    case undoEdit
    /// Drop every staged change.
    case revertEdits
    /// Write every staged change, one transaction per table.
    case commitEdits
    /// Show the staged changes as SQL.
    case showPending
    /// Show the help screen.
    case help
    /// Repaint the whole screen.
    case redraw

    /// The aggregate this command adds (`+` and a letter), nil for other commands.
    var aggregate: Aggregate? {
        switch self {
        case .aggregateCount: .count
        case .aggregateDistinct: .distinct
        case .aggregateSum: .sum
        case .aggregateMean: .mean
        case .aggregateMin: .min
        case .aggregateMax: .max
        case .aggregateMedian: .median
        case .aggregateStddev: .stddev
        default: nil
        }
    }
}
