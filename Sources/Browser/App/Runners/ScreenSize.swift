/// A `COLSxROWS` size given to `--headless`.
struct ScreenSize: Equatable, Sendable {
    /// The smallest size accepted.
    static let minimum = (columns: 10, rows: 3)

    /// Columns.
    var columns: Int
    /// Rows.
    var rows: Int

    /// Parses `120x40`; nil when malformed or smaller than ``minimum``.
    init?(parsing text: String) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]),
              columns >= Self.minimum.columns, rows >= Self.minimum.rows, columns <= 10_000, rows <= 10_000 else {
            return nil
        }
        self.columns = columns
        self.rows = rows
    }
}
