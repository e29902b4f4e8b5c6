/// Fits column widths to their header and the visible data, measured with ``TextWidth``.
enum ColumnWidths {
    /// The narrowest a column gets by default: room for `∅`, a digit and the sort indicator.
    static let defaultMinimum = 3
    /// The widest a column gets by default; longer values are cut with `…`.
    static let defaultMaximum = 40

    /// The content width of each column: the widest of its header (plus one column for the sort
    /// indicator) and its formatted values, clamped to `minimum...maximum`.
    ///
    /// - Parameters:
    ///   - columns: The columns.
    ///   - rows: The rows to measure, usually the visible ones.
    ///   - minimum: The smallest width.
    ///   - maximum: The largest width (raised to `minimum` if smaller).
    static func fit(columns: [GridColumn], rows: [[GridValue]], minimum: Int = defaultMinimum,
                    maximum: Int = defaultMaximum) -> [Int] {
        let upper = max(minimum, maximum)
        return columns.indices.map { index in
            let column = columns[index]
            var widest = TextWidth.of(Sanitizer.sanitize(column.header)) + 1
            for row in rows where row.indices.contains(index) {
                let text = CellFormatter.format(row[index], in: column).text
                widest = max(widest, TextWidth.of(text))
            }
            return min(upper, max(minimum, widest))
        }
    }
}
