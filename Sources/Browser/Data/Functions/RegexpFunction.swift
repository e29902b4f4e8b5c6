import ORMCore

/// `REGEXP` for reef's SQL: `name REGEXP '^Zo'` in a filter or at the SQL prompt, and the function
/// it calls, `regexp(pattern, text)` (SQLite reads `X REGEXP Y` as `regexp(Y, X)`). The syntax is
/// ``RegularExpression``'s. A NULL pattern or text gives NULL; numbers are matched as the grid shows
/// them (`12`, `0.5`, `3.0`); a blob gives NULL.
enum RegexpFunction {
    /// The SQL name.
    static let name = "regexp"

    /// The function, with its cache of compiled patterns.
    static var function: SQLFunction {
        let cache = RegularExpressionCache()
        return SQLFunction(name, argumentCount: 2) { arguments in
            guard arguments.count == 2, case .text(let pattern) = arguments[0] else {
                if arguments.first == .null { return .null }
                throw RegularExpressionError(pattern: "\(arguments.first ?? .null)", reason: "a pattern is text")
            }
            let text: String
            switch arguments[1] {
            case .text(let value): text = value
            case .integer(let value): text = String(value)
            case .real(let value): text = CellFormatter.formatReal(value)
            case .null, .blob: return .null
            }
            return .integer(try cache.expression(pattern).matches(text) ? 1 : 0)
        }
    }
}
