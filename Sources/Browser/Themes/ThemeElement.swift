/// Every part of the screen a theme gives a style to. The raw value is the name in theme files.
enum ThemeElement: String, CaseIterable, Hashable, Sendable {
    /// Empty screen areas.
    case background
    /// Plain text values in the grid and text views.
    case text
    /// Column headers.
    case header
    /// The sort indicator (▲/▼) in the sorted column's header.
    case headerSort
    /// The row-number gutter.
    case rowNumber
    /// Values in primary-key columns.
    case keyColumn
    /// The cell under the cursor.
    case cursorCell
    /// The rest of the cursor's row.
    case cursorRow
    /// Selected (marked) cells or rows.
    case selection
    /// The NULL marker ∅.
    case null
    /// BLOB summaries.
    case blob
    /// Integers and reals.
    case number
    /// The ellipsis marking cut text.
    case truncated
    /// Cells edited but not yet saved.
    case edited
    /// Rows marked for deletion.
    case deleted
    /// Rows added but not yet saved.
    case inserted
    /// The status bar.
    case statusBar
    /// The mode label at the left of the status bar.
    case statusMode
    /// Informational messages in the status bar.
    case statusMessage
    /// Error messages in the status bar.
    case statusError
    /// The table list.
    case sidebar
    /// The selected table in the list.
    case sidebarSelected
    /// Row counts and spinners in the table list.
    case sidebarCount
    /// The input line (search, filter, commands).
    case prompt
    /// The cursor cell of the input line.
    case promptCursor
    /// SQL keywords typed at the SQL and filter prompts (`SELECT`, `WHERE`).
    case sqlKeyword
    /// String and blob literals typed at the prompts.
    case sqlString
    /// Numbers and parameters typed at the prompts.
    case sqlNumber
    /// Names, bare or quoted, typed at the prompts.
    case sqlIdentifier
    /// Comments typed at the prompts.
    case sqlComment
    /// Operators and punctuation typed at the prompts.
    case sqlOperator
    /// The list of completions above the prompt.
    case completion
    /// The chosen completion in the list.
    case completionSelected
    /// Column separators and frames.
    case border
    /// Titles of panes and views.
    case title
    /// Help text.
    case help
    /// Key names in the help text.
    case helpKey
    /// Search matches.
    case match
}
