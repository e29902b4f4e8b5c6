/// A histogram's bins as a table (`X`, `gY`, `gy` on the histogram): a row a bin, `from`, `to`
/// and `rows`, which the grid exports and copies as any view's rows.
extension HistogramBins {
    /// The bins as rows of `from` (the bin's start), `to` (the next bin's start, which only the
    /// last bin keeps) and `rows`, titled `title`: numbers as numbers (an integer column's bounds
    /// as integers), dates as the histogram writes them.
    func table(title: String) -> MaterializedSource {
        let boundKind: ColumnKind = column.isDate ? .text : (column.isInteger ? .integer : .real)
        let columns = [
            GridColumn(name: "from", kind: boundKind), GridColumn(name: "to", kind: boundKind),
            GridColumn(name: "rows", kind: .integer, groupsDigits: true),  // 1,680, as F counts
        ]
        var shown: [[GridValue]] = []
        var exported: [[ExportValue]] = []
        for index in counts.indices {
            let range = range(of: index)
            let bounds = [bound(range.lowerBound), bound(range.upperBound)]
            shown.append(bounds.map(\.shown) + [.integer(Int64(counts[index]))])
            exported.append(bounds.map(\.exported) + [.integer(Int64(counts[index]))])
        }
        return MaterializedSource(title: title, columns: columns, rows: shown, exported: exported)
    }

    /// A bin's bound as the table shows it and as an export writes it: rounded to the width's
    /// digits, so that `0.1 * 3` reads `0.3`.
    private func bound(_ value: Double) -> (shown: GridValue, exported: ExportValue) {
        if column.isDate {
            let text = column.text(of: value, step: width)
            return (.text(text), .text(text))
        }
        if column.isInteger, let integer = Int64(exactly: value.rounded()) {
            return (.integer(integer), .integer(integer))
        }
        var decimals = 0
        var unit = width
        while unit < 1 && unit > 0 && decimals < 15 {
            unit *= 10
            decimals += 1
        }
        let scale = (0..<(decimals + 2)).reduce(1.0) { value, _ in value * 10 }
        let rounded = (value * scale).rounded() / scale
        return (.real(rounded), .real(rounded))
    }
}
