import ORMCore

/// Case folding for search, the same in Swift and in SQL. SQLite's `lower()` folds ASCII letters
/// only, so `/ørsted` would miss "Ørsted"; reef registers ``function`` on its connections and folds
/// both the searched text and the cells with Swift's Unicode-aware `lowercased()`.
enum TextFold {
    /// The SQL name of the folding function.
    static let functionName = "reef_fold"

    /// `text` folded for comparing without regard to case.
    static func fold(_ text: String) -> String {
        text.lowercased()
    }

    /// The SQL function `reef_fold(x)`: text folded, anything else as it is.
    static var function: SQLFunction {
        SQLFunction(functionName, argumentCount: 1) { arguments in
            guard case .text(let text)? = arguments.first else {
                return arguments.first ?? .null
            }
            return .text(fold(text))
        }
    }

    /// `instr(reef_fold(CAST("column" AS TEXT)), ?) > 0` for each column, ORed: whether a row has
    /// `text` in any of them, ignoring case.
    static func condition(columns: [String], containing text: String) -> SQL {
        let needle = fold(text)
        let tests: [SQL] = columns.map {
            "instr(\(raw: functionName)(CAST(\(identifier: $0) AS TEXT)), \(needle)) > 0"
        }
        return SQL.joined(tests.isEmpty ? ["0"] : tests, separator: " OR ")
    }
}
