import FoundationEssentials
import ORMCore

/// Reads JSON lines (one object a line) or a JSON document (an array of objects, or one object)
/// in two passes: the first finds the columns (every key, in the order first seen) and their
/// types; the second hands over the rows as SQL values.
///
/// Values keep what JSON said: numbers their digits (an integer past 64 bits is kept as text),
/// `true`/`false` are 1 and 0, nested arrays and objects are kept as compact JSON text, and
/// `{"$base64": "…"}` (how reef exports a blob) is a blob again. An element that is not an object,
/// or a line that is not JSON, is skipped and listed.
struct JSONImport: TableFileReader {
    /// The file.
    let file: TextFile
    /// Lines or one document.
    let format: ImportFormat

    /// The first pass.
    func plan(progress: (Int) -> Void) throws -> ImportPlan {
        var columns: [String] = []
        var columnIndex: [String: Int] = [:]
        var profiles: [ColumnProfile] = []
        var problems = ProblemList()
        var rows = 0
        try forEachObject(progress: progress, problems: &problems) { members in
            rows += 1
            for (key, value) in members {
                let index: Int
                if let known = columnIndex[key] {
                    index = known
                } else {
                    index = columns.count
                    columnIndex[key] = index
                    columns.append(key)
                    profiles.append(ColumnProfile())
                }
                profiles[index].add(Self.shape(value))
            }
        }
        guard rows > 0 else {
            let first = problems.problems.first.map { ": line \($0.line): \($0.message)" } ?? ""
            throw ImportError(path: file.path, reason: "no objects to import\(first)")
        }
        return ImportPlan(columns: ImportPlan.uniqueNames(columns), kinds: profiles.map(\.kind), hasHeader: false,
                          rows: rows, problems: problems.problems, problemCount: problems.count)
    }

    /// The second pass: each object's values for the plan's columns (keys are met in the same order
    /// as in the first pass, so the n-th key seen is the n-th column).
    func rows(_ plan: ImportPlan, progress: (Int) -> Void, _ body: (ImportRow) throws -> Void) throws {
        var index: [String: Int] = [:]
        var problems = ProblemList()
        var keysSeen: [String] = []
        var row = ImportRow(width: plan.columns.count)
        try forEachObject(progress: progress, problems: &problems) { members in
            row.clearMarks()
            for position in row.values.indices {
                row.values[position] = .null
            }
            for (key, value) in members {
                let position: Int
                if let known = index[key] {
                    position = known
                } else {
                    // Keys are met in the same order as in the first pass.
                    position = keysSeen.count
                    index[key] = position
                    keysSeen.append(key)
                }
                if position < row.values.count {
                    row.set(position, Self.value(value, kind: plan.kinds[position]))
                }
            }
            try body(row)
        }
    }

    /// Calls `body` with the members of each object of the file, listing what is not one.
    private func forEachObject(
        progress: (Int) -> Void, problems: inout ProblemList, _ body: ([(key: String, value: JSONValue)]) throws -> Void
    ) throws {
        func take(_ bytes: [UInt8], line: Int, problems: inout ProblemList) throws {
            let value: JSONValue
            do {
                value = try JSONParser.parse(bytes)
            } catch {
                problems.note(line: line, "not JSON (\(error.message)): skipped")
                return
            }
            guard case .object(let members) = value else {
                problems.note(line: line, "not an object: skipped")
                return
            }
            try body(members)
        }
        if format == .jsonLines {
            var line: [UInt8] = []
            var number = 1
            func endLine(problems: inout ProblemList) throws {
                if line.last == UInt8(ascii: "\r") {
                    line.removeLast()
                }
                if line.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) {
                    try take(line, line: number, problems: &problems)
                }
                line.removeAll(keepingCapacity: true)
                number += 1
            }
            try file.forEachChunk(progress: progress) { chunk in
                var start = chunk.startIndex
                while let newline = chunk[start...].firstIndex(of: UInt8(ascii: "\n")) {
                    line.append(contentsOf: chunk[start..<newline])
                    try endLine(problems: &problems)
                    start = newline + 1
                }
                line.append(contentsOf: chunk[start...])
            }
            try endLine(problems: &problems)
            return
        }
        var splitter = JSONElementSplitter()
        do {
            try file.forEachChunk(progress: progress) { chunk in
                try splitter.feed(chunk) { element, line in
                    try take(element, line: line, problems: &problems)
                }
            }
            try splitter.finish()
        } catch let error as JSONSyntaxError {
            throw ImportError(path: file.path, reason: error.message)
        }
    }

    // MARK: - Values

    /// The shape of a JSON value.
    static func shape(_ value: JSONValue) -> ValueShape {
        switch value {
        case .null: .null
        case .bool: .integer
        case .number(let text):
            NumberText.integer(Array(text.utf8)) != nil ? .integer : (NumberText.real(Array(text.utf8)) != nil ? .real : .text)
        case .string, .array: .text
        case .object:
            switch tagged(value) {
            case .blob?: .blob
            case .textBytes?: .text
            case .real?, .nan?: .real
            case nil: .text
            }
        }
    }

    /// A JSON value as the value its column's type takes.
    static func value(_ value: JSONValue, kind: ColumnProfile.Kind) -> ImportValue {
        switch value {
        case .null:
            return .value(.null)
        case .bool(let flag):
            switch kind {
            case .integer: return .value(.integer(flag ? 1 : 0))
            case .real: return .value(.real(flag ? 1 : 0))
            case .text, .blob: return .value(.text(flag ? "true" : "false"))
            }
        case .number(let text):
            if kind == .integer, let integer = NumberText.integer(Array(text.utf8)) {
                return .value(.integer(integer))
            }
            if kind == .real, let real = NumberText.real(Array(text.utf8)) {
                return .value(.real(real))
            }
            return .value(.text(text))
        case .string(let text):
            return .value(.text(text))
        case .array:
            return .value(.text(value.compactText))
        case .object:
            switch tagged(value) {
            case .blob(let data)?: return .value(.blob(data))
            case .textBytes(let data)?: return .textBytes(data)
            case .real(let real)?: return .value(.real(real))
            case .nan?: return .value(.text("NaN"))
            case nil: return .value(.text(value.compactText))
            }
        }
    }

    /// What reef's JSON exports write as a one-member object: `{"$base64": …}` (a blob),
    /// `{"$textBase64": …}` (text whose bytes are not UTF-8) and `{"$real": "Infinity"}` (or
    /// `-Infinity` or `NaN`, which JSON numbers cannot say).
    enum Tagged {
        case blob(Data), textBytes(Data), real(Double)
        /// `{"$real": "NaN"}`: kept as the text `NaN`, as SQLite stores no NaN.
        case nan
    }

    /// The tagged value `value` holds, or nil for any other object.
    static func tagged(_ value: JSONValue) -> Tagged? {
        guard case .object(let members) = value, members.count == 1, case .string(let text) = members[0].value else {
            return nil
        }
        switch members[0].key {
        case "$base64": return Data(base64Encoded: text).map { .blob($0) }
        case "$textBase64": return Data(base64Encoded: text).map { .textBytes($0) }
        case "$real" where text == "Infinity": return .real(.infinity)
        case "$real" where text == "-Infinity": return .real(-.infinity)
        case "$real" where text == "NaN": return .nan
        default: return nil
        }
    }
}
