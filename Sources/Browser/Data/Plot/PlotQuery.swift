import ORMCore

/// The statements a plot (`.`) or a histogram (`H`) runs over the rows of a view (its filter
/// applied): the database measures the range, finds the few values that colour the points, and
/// reduces the rows to the pixels of the screen in one `GROUP BY`, so what comes back is bounded by
/// the screen, never by the rows.
///
/// ```swift
/// let query = try PlotQuery(relation: "\(identifier: "track")", x: bytes, y: length, colour: "GenreId", filter: nil)
/// query.pixels(in: window, columns: 200, rows: 120, colours: [.integer(1), .integer(2)])
/// // SELECT (CAST(("Bytes" - ?) * ? AS INTEGER) * 121 + CAST(("Milliseconds" - ?) * ? AS INTEGER)) * 3
/// //   + CASE WHEN "GenreId" = ? THEN 0 WHEN "GenreId" = ? THEN 1 ELSE 2 END, count(*)
/// //   FROM "track" WHERE … "Bytes" BETWEEN ? AND ? AND "Milliseconds" BETWEEN ? AND ? GROUP BY 1
/// ```
struct PlotQuery: Sendable {
    /// How many values of the colour column get a colour of their own; the rest are "other".
    static let colourLimit = 8

    /// What the rows come from: a quoted table or view name, or a named subquery.
    let relation: SQL
    /// The horizontal axis (a histogram's one column).
    let x: PlotAxisColumn
    /// The vertical axis; nil for a histogram.
    let y: PlotAxisColumn?
    /// The column whose few values colour the points; nil for one colour.
    let colour: String?
    /// The view's filter, checked as one expression; nil for none.
    let condition: SQL?
    /// The SQL the statements are written in.
    let dialect: SQLDialect

    /// The statements over `relation` filtered by `filter` (the user's text, read by `dialect`).
    ///
    /// - Throws: ``ORMCore/UserSQLError`` when the filter is not one SQL expression.
    init(relation: SQL, x: PlotAxisColumn, y: PlotAxisColumn?, colour: String? = nil, filter: String?,
         dialect: SQLDialect = .sqlite) throws {
        self.relation = relation
        self.x = x
        self.y = y
        self.colour = colour
        self.dialect = dialect
        let trimmed = filter?.trimmedWhitespace ?? ""
        condition = trimmed.isEmpty ? nil : try SQL.userExpression(trimmed, in: dialect)
    }

    /// One row: how many rows have both values, and the smallest and largest of x, then of y.
    func extent() -> SQL {
        let xValue = x.value(in: dialect)
        var sql: SQL = "SELECT count(*), min(\(sql: xValue)), max(\(sql: xValue))"
        if let y {
            let yValue = y.value(in: dialect)
            sql.append(", min(\(sql: yValue)), max(\(sql: yValue))")
        }
        if x.isDate {
            // Whether any date has a time of day: its Julian day is not a whole day plus a half.
            // SQLite's floor is a math function not every build has: a cast truncates (days are positive).
            let day: SQL = "\(sql: xValue) - 0.5"
            sql.append(", max(CASE WHEN \(sql: day) <> \(sql: floorInteger(day)) THEN 1 ELSE 0 END)")
        }
        sql.append(from(where: []))
        return sql
    }

    /// The colour column's most frequent values among the rows plotted, most frequent first, with
    /// their counts: one more than ``colourLimit`` to tell whether any are left over.
    func colourValues() -> SQL? {
        guard let colour else {
            return nil
        }
        let value = colourValue(of: colour)
        var sql: SQL = "SELECT \(sql: value), count(*)"
        sql.append(from(where: []))
        sql.append(" GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT \(raw: String(Self.colourLimit + 1))")
        return sql
    }

    /// The rows inside `window` reduced to a grid of `columns` × `rows` pixels, one row a pixel and
    /// colour: its key and how many rows fall there. The key is one integer, so that SQLite sorts
    /// one number a row to group them (three took half as long again): `(x * (rows + 1) + y) *
    /// (colours + 1) + colour`, x counted from the left, y from the bottom, the colour its position in
    /// `colours` (the count of `colours` for any other value); ``PixelKey`` reads it back. A value
    /// on the window's upper edge gives the position one past the last, which the reader folds in.
    func pixels(in window: PlotWindow, columns: Int, rows: Int, colours: [SQLValue]) -> SQL {
        let key = PixelKey(rows: rows, colours: colours.count + 1)
        let xValue = x.value(in: dialect)
        var conditions = [between(xValue, window.x)]
        var sql: SQL = "SELECT ("
        sql.append(pixel(of: xValue, over: window.x, count: columns))
        sql.append(" * \(raw: String(key.rowStride))")
        if let y {
            let yValue = y.value(in: dialect)
            sql.append(" + ")
            sql.append(pixel(of: yValue, over: window.y, count: rows))
            conditions.append(between(yValue, window.y))
        }
        sql.append(") * \(raw: String(key.colours)) + ")
        sql.append(colourIndex(colours))
        sql.append(", count(*)")
        sql.append(from(where: conditions))
        sql.append(" GROUP BY 1")
        return sql
    }

    /// A histogram's counts: the bin of each value (bins of `width` from `start`, the first 0)
    /// and how many rows fall in it.
    func bins(start: Double, width: Double) -> SQL {
        let value = x.value(in: dialect)
        var sql: SQL = "SELECT "
        sql.append(floorInteger("(\(sql: value) - \(start)) / \(width)"))
        sql.append(", count(*)")
        sql.append(from(where: []))
        sql.append(" GROUP BY 1")
        return sql
    }

    /// The rows with x in `xRange` (and y in `yRange`), each bound, for `Enter` on a bar or a region:
    /// `julianday("at") >= ? AND julianday("at") < ?`; the upper bound is kept when `closed`.
    func group(x xRange: ClosedRange<Double>, closed: Bool, y yRange: ClosedRange<Double>? = nil, label: String) -> RowGroup {
        let xValue = x.value(in: dialect)
        var condition: SQL = closed ? between(xValue, xRange) : "\(sql: xValue) >= \(xRange.lowerBound) AND \(sql: xValue) < \(xRange.upperBound)"
        if let y, let yRange {
            condition.append(" AND ")
            condition.append(between(y.value(in: dialect), yRange))
        }
        return RowGroup(condition: condition, label: label)
    }

    // MARK: - Private

    /// ` FROM relation WHERE (filter) AND both values not NULL AND conditions…`.
    private func from(where conditions: [SQL]) -> SQL {
        var all: [SQL] = []
        if let condition {
            all.append(condition)
        }
        all.append("\(sql: x.value(in: dialect)) IS NOT NULL")
        if let y {
            all.append("\(sql: y.value(in: dialect)) IS NOT NULL")
        }
        all += conditions
        var sql: SQL = " FROM "
        sql.append(relation)
        sql.append(" WHERE ")
        sql.append(SQL.joined(all, separator: " AND "))
        return sql
    }

    /// The colour column as grouped and compared: its text on PostgreSQL (a boolean, a numeric and
    /// an enum all compare with the text bound), as it is on SQLite.
    private func colourValue(of column: String) -> SQL {
        dialect.kind == .postgres ? "CAST(\(identifier: column) AS text)" : "\(identifier: column)"
    }

    /// `CASE WHEN colour = ? THEN 0 … ELSE n END`, NULL as `IS NULL`; `0` without a colour column.
    private func colourIndex(_ colours: [SQLValue]) -> SQL {
        guard let colour, !colours.isEmpty else {
            return "0"
        }
        let value = colourValue(of: colour)
        var sql: SQL = "CASE"
        for (index, colourValue) in colours.enumerated() {
            let test: SQL = colourValue == .null ? "\(sql: value) IS NULL" : "\(sql: value) = \(colourValue)"
            sql.append(" WHEN \(sql: test) THEN \(raw: String(index))")
        }
        sql.append(" ELSE \(raw: String(colours.count)) END")
        return sql
    }

    /// The pixel `value` falls in, of `count` over `range`: `(value - low) * count / span`, whole.
    private func pixel(of value: SQL, over range: ClosedRange<Double>, count: Int) -> SQL {
        let span = range.upperBound - range.lowerBound
        let scale = span > 0 ? Double(count) / span : 0
        return floorInteger("(\(sql: value) - \(range.lowerBound)) * \(scale)")
    }

    /// `expression` rounded down to an integer: SQLite's cast truncates (the values are never below
    /// the window's low end, so that is rounding down); PostgreSQL's cast rounds, so `floor` first.
    private func floorInteger(_ expression: SQL) -> SQL {
        dialect.kind == .postgres ? "CAST(floor(\(sql: expression)) AS bigint)" : "CAST(\(sql: expression) AS INTEGER)"
    }

    private func between(_ value: SQL, _ range: ClosedRange<Double>) -> SQL {
        "\(sql: value) BETWEEN \(range.lowerBound) AND \(range.upperBound)"
    }
}
