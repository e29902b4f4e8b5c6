import FoundationEssentials
import ORMCore

/// What the first pass over a file found: the table's columns and their types, and what was
/// wrong with the file.
struct ImportPlan {
    /// The column names, unique ignoring case (as SQLite compares them).
    var columns: [String]
    /// Each column's type.
    var kinds: [ColumnProfile.Kind]
    /// Whether the first record is the header (delimited files).
    var hasHeader: Bool
    /// The records the table will hold.
    var rows: Int
    /// What the import worked around.
    var problems: [ImportProblem]
    /// How many problems there were in all (``problems`` keeps the first 100).
    var problemCount: Int

    /// Names made unique ignoring case: an empty name becomes `column_N` (N its position from 1),
    /// a repeated one gets `_2`, `_3`….
    static func uniqueNames(_ names: [String]) -> [String] {
        var taken: Set<String> = []
        var result: [String] = []
        for (index, name) in names.enumerated() {
            let base = name.isEmpty ? "column_\(index + 1)" : name
            var candidate = base
            var suffix = 2
            while taken.contains(candidate.lowercased()) {
                candidate = "\(base)_\(suffix)"
                suffix += 1
            }
            taken.insert(candidate.lowercased())
            result.append(candidate)
        }
        return result
    }
}

/// A file read as a table in two passes: the plan, then the rows.
protocol TableFileReader {
    /// The first pass: columns, types and problems. `progress` is told the bytes read.
    func plan(progress: (Int) -> Void) throws -> ImportPlan
    /// The second pass: each row's values for the plan's columns.
    func rows(_ plan: ImportPlan, progress: (Int) -> Void, _ body: (ImportRow) throws -> Void) throws
}

/// One row to write: its values, and which of them are text given as bytes that are not UTF-8
/// (bound as a blob and cast to text, so the bytes are stored as they were).
struct ImportRow {
    /// The values, a column each.
    var values: [SQLValue]
    /// Whether the value of each column is a blob to store as text.
    var bytesAsText: [Bool]
    /// Whether any value is.
    var hasBytesAsText = false

    /// An empty row of `width` columns.
    init(width: Int) {
        values = Array(repeating: .null, count: width)
        bytesAsText = Array(repeating: false, count: width)
    }

    /// Sets column `index` to `value`.
    mutating func set(_ index: Int, _ value: ImportValue) {
        switch value {
        case .value(let value):
            values[index] = value
            if hasBytesAsText {
                bytesAsText[index] = false
            }
        case .textBytes(let bytes):
            values[index] = .blob(bytes)
            bytesAsText[index] = true
            hasBytesAsText = true
        }
    }

    /// Clears the marks of text given as bytes (before the next row).
    mutating func clearMarks() {
        if hasBytesAsText {
            for index in bytesAsText.indices {
                bytesAsText[index] = false
            }
            hasBytesAsText = false
        }
    }
}

/// A value read from a file: an SQL value, or text whose bytes are not UTF-8.
enum ImportValue {
    case value(SQLValue)
    case textBytes(Data)
}

/// Collects problems, keeping the first 100 and counting the rest.
struct ProblemList {
    private(set) var problems: [ImportProblem] = []
    private(set) var count = 0

    mutating func note(line: Int, _ message: String) {
        count += 1
        if problems.count < 100 {
            problems.append(ImportProblem(line: line, message: message))
        }
    }

    mutating func merge(_ others: [ImportProblem], count othersCount: Int) {
        count += othersCount
        for problem in others where problems.count < 100 {
            problems.append(problem)
        }
        problems.sort { $0.line < $1.line }
    }
}
