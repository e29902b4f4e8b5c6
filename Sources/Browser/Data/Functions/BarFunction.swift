import ORMCore

/// Bars drawn with block characters, eighths of a cell wide: what the frequency table's
/// `histogram` column shows, from SQL as `reef_bar(count, largest)`.
enum BarFunction {
    /// The SQL name.
    static let name = "reef_bar"
    /// How many cells the largest bar takes.
    static let width = 20

    /// A bar for `value` out of `largest`, `width` cells for the largest: full blocks, then one
    /// of `▏▎▍▌▋▊▉` for the eighths left; an empty bar for 0, at least an eighth for any value
    /// above 0, so a rare value is never drawn as none.
    static func bar(_ value: Double, of largest: Double, width: Int = width) -> String {
        guard largest > 0, value > 0, value.isFinite, largest.isFinite else {
            return ""
        }
        let eighths = max(1, Int((min(value, largest) / largest * Double(width * 8)).rounded()))
        let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"][eighths % 8]
        return String(repeating: "█", count: eighths / 8) + partial
    }

    /// The bar of `value` out of `largest` in SQL: ``function`` on SQLite; on PostgreSQL, where
    /// reef installs nothing on the server, the same bar written with `repeat` (the same cells: the
    /// eighths rounded half away from zero, as Swift's `rounded()`).
    static func sql(_ value: SQL, of largest: SQL, in dialect: SQLDialect) -> SQL {
        switch dialect.kind {
        case .sqlite:
            return "\(raw: name)(\(sql: value), \(sql: largest))"
        case .postgres:
            let eighths: SQL = """
                greatest(1, round(least(\(sql: value), \(sql: largest))::numeric / \(sql: largest) * \(raw: String(width * 8)))::bigint)
                """
            return """
                CASE WHEN \(sql: value) > 0 AND \(sql: largest) > 0 THEN repeat('█', (\(sql: eighths) / 8)::integer) || \
                (ARRAY['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'])[\(sql: eighths) % 8 + 1] END
                """
        }
    }

    /// The SQL function `reef_bar(value, largest)`: NULL when either is NULL or not a number.
    static var function: SQLFunction {
        SQLFunction(name, argumentCount: 2) { arguments in
            guard arguments.count == 2, let value = number(arguments[0]), let largest = number(arguments[1]) else {
                return .null
            }
            return .text(bar(value, of: largest))
        }
    }

    private static func number(_ value: SQLValue) -> Double? {
        switch value {
        case .integer(let integer): Double(integer)
        case .real(let real): real
        default: nil
        }
    }
}
