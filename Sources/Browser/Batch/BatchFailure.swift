import ORMCore

/// A statement of `reef DB --sql` that failed, said on one line of standard error with its
/// number and where the database found the error in the text given, as the SQL editor marks it:
/// `reef: statement 2 of 3 (line 4, column 8): no such column: x`. Without a place from the
/// database, the line the statement starts on: `reef: statement 2 of 3 (line 4): …`.
struct BatchFailure: CustomStringConvertible {
    /// The failing statement's number, from 1.
    let statement: Int
    /// How many statements the text holds.
    let count: Int
    /// The line and column (from 1, in characters) in the whole text.
    let line: Int
    /// The column, when the database said where in the statement the error is.
    let column: Int?
    /// Why it failed.
    let reason: String

    /// The failure of `statement`, the `number`th of `count`, which starts at character `start`
    /// of `text` (nil: not found in it), with `error`; `reason` says why (``BatchRun`` words it).
    init(number: Int, of count: Int, statement: String, start: Int?, in text: String, error: any Error, reason: String) {
        self.statement = number
        self.count = count
        self.reason = reason
        guard let start else {
            line = 1
            column = nil
            return
        }
        let offset = UserMessage.offset(of: error, in: statement)
        let before = text.prefix(start + (offset ?? 0))
        line = before.count { $0.isNewline } + 1
        guard offset != nil else {
            column = nil
            return
        }
        let lineStart = before.lastIndex(where: \.isNewline).map { before.index(after: $0) } ?? before.startIndex
        column = before.distance(from: lineStart, to: before.endIndex) + 1
    }

    /// The line for standard error, its control characters shown (it is one line whatever the
    /// database said).
    var description: String {
        let place = column.map { "line \(line), column \($0)" } ?? "line \(line)"
        return Sanitizer.sanitize("reef: statement \(statement) of \(count) (\(place)): \(reason)")
    }
}
