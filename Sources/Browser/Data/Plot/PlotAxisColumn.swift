import ORMCore

/// A column a plot or a histogram measures along an axis, and the SQL that makes each of its values
/// a number: a number as it is (PostgreSQL's `numeric` as a double), a date or timestamp as its
/// Julian day (SQLite's `julianday`; on PostgreSQL from its epoch seconds), so that the database
/// bins dates as it bins numbers and the axis writes them back as dates.
///
/// ```swift
/// let at = PlotAxisColumn(name: "at", isDate: true)
/// at.value(in: .sqlite)    // julianday("at")
/// at.value(in: .postgres)  // (CAST(extract(epoch FROM "at") AS double precision) / 86400 + 2440587.5)
/// ```
struct PlotAxisColumn: Sendable, Equatable {
    /// The column's name, as the database knows it.
    let name: String
    /// Whether the values are dates (or timestamps), measured in Julian days.
    let isDate: Bool
    /// Whether the values are whole numbers (a histogram's bins are then whole too).
    var isInteger = false
    /// Whether dates have times of day, so that labels show them (set once the range is known).
    var hasTimes = false

    /// The column's values as numbers in `dialect`: NULL where a value is none.
    func value(in dialect: SQLDialect) -> SQL {
        switch (isDate, dialect.kind) {
        case (true, .postgres):
            return "(CAST(extract(epoch FROM \(identifier: name)) AS double precision) / 86400 + 2440587.5)"
        case (true, _):
            return "julianday(\(identifier: name))"
        case (false, .postgres):
            return "CAST(\(identifier: name) AS double precision)"
        default:
            return "\(identifier: name)"
        }
    }

    /// `value` written for an axis label or a status line: a date as a date (with its time when
    /// the dates have times), a number readably (``PlotNumberText``) with `step` as the precision
    /// wanted and `magnitude` the largest value written beside it (``PlotNumberText/text(_:step:magnitude:)``).
    func text(of value: Double, step: Double, magnitude: Double? = nil) -> String {
        if isDate {
            let withTime = hasTimes || (step > 0 && step < 1)
            return DateText.text(julianDay: value, withTime: withTime) ?? PlotNumberText.text(value, step: step)
        }
        return PlotNumberText.text(value, step: step, magnitude: magnitude)
    }

    /// `range` written for a status line or a title: `from AND to`, both alike.
    func text(of range: ClosedRange<Double>) -> String {
        let step = (range.upperBound - range.lowerBound) / 10
        let magnitude = max(abs(range.lowerBound), abs(range.upperBound))
        return "\(text(of: range.lowerBound, step: step, magnitude: magnitude)) AND \(text(of: range.upperBound, step: step, magnitude: magnitude))"
    }
}
