/// Rows a source could not read from the database (the server went away, say): shown as not
/// loaded with the reason, never as rows of NULLs.
struct RowsNotRead: Error, CustomStringConvertible {
    /// The position of the first row not read.
    let firstRow: Int
    /// Why: the database's error.
    let reason: any Error

    var description: String {
        "rows from \(firstRow + 1) on are not loaded: \(UserMessage.describe(reason))"
    }
}
