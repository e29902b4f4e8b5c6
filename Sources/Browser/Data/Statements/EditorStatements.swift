import ORMCore

/// The statements in the SQL editor's text, read with the database's own tokenizer and script
/// cutter (``SQLScript``): whether `Enter` runs the text or goes on to a new line, and which
/// statement is under the cursor.
///
/// ```swift
/// EditorStatements.isUnfinished("SELECT 'it", dialect: .sqlite)            // true: an open quote
/// EditorStatements.isUnfinished("SELECT 1; SELECT 2", dialect: .sqlite)     // true: no final `;`
/// EditorStatements.statement(at: 12, in: "SELECT 1;\nSELECT 2;", dialect: .sqlite)
/// // ("SELECT 2", start: 10)
/// ```
enum EditorStatements {
    /// Whether `text` is a statement still being written, so `Enter` goes on to a new line: it
    /// ends inside a string, a quoted name, a dollar quote or a comment; it leaves a parenthesis
    /// open; it ends inside a trigger's or a `BEGIN ATOMIC` body (where a `;` ends nothing); or
    /// it holds several statements and the last has no `;` after it; or its last word cannot end
    /// a statement (a `,`, an operator, `SELECT`, `FROM`, `WHERE`, `AND`, `BY`…: `SELECT a,`; not
    /// the `*` of every column: `RETURNING *`).
    static func isUnfinished(_ text: String, dialect: SQLDialect) -> Bool {
        let tokens = SQLToken.tokens(in: text, dialect: dialect.tokenDialect)
        if tokens.last.map({ !$0.isClosed }) ?? false {
            return true
        }
        var depth = 0
        for token in tokens {
            if token.kind == .openParenthesis {
                depth += 1
            } else if token.kind == .closeParenthesis {
                depth = max(0, depth - 1)
            }
        }
        if depth > 0 {
            return true
        }
        let statements = SQLScript.statements(in: text, dialect: dialect)
        guard let last = tokens.last(where: { !$0.isTrivia }) else {
            return false
        }
        // Inside a body (a trigger's `BEGIN … END`, `BEGIN ATOMIC … END`) a `;` ends nothing: a
        // statement added after one (given after a line break, past any `--` comment) joins the last.
        let ending = last.kind == .semicolon ? "\nSELECT 1" : "\n;\nSELECT 1"
        if SQLScript.statements(in: text + ending, dialect: dialect).count <= statements.count {
            return true
        }
        if (last.kind == .operator && !selectsEveryColumn(last, in: tokens, text: text))
            || (last.kind == .word && wordsThatEndNothing.contains(last.unquoted(in: text).uppercased()))
        {
            return true
        }
        return last.kind != .semicolon && statements.count > 1
    }

    /// Whether `token` is a `*` that stands for every column (`RETURNING *`, `SELECT t.*`, `a, *`),
    /// with which a statement may end, not a product still missing its right side (`SELECT a *`).
    private static func selectsEveryColumn(_ token: SQLToken, in tokens: [SQLToken], text: String) -> Bool {
        guard text[token.range] == "*", let previous = tokens.last(where: {
            !$0.isTrivia && $0.range.upperBound <= token.range.lowerBound
        }) else {
            return false
        }
        let word = previous.kind == .word ? previous.unquoted(in: text).uppercased() : text[previous.range].description
        return ["RETURNING", "SELECT", "DISTINCT", "ALL", ".", ","].contains(word)
    }

    /// Keywords no statement ends with: a statement that ends with one goes on. (Not `VALUES`:
    /// `INSERT … DEFAULT VALUES`; not `ON`: PostgreSQL's `SET … TO on`.)
    private static let wordsThatEndNothing: Set<String> = [
        "SELECT", "FROM", "WHERE", "AND", "OR", "NOT", "BY", "JOIN", "INTO", "AS", "IN",
        "LIKE", "ILIKE", "GLOB", "BETWEEN", "CASE", "WHEN", "THEN", "ELSE", "HAVING", "LIMIT", "OFFSET", "UNION",
        "INTERSECT", "EXCEPT", "WITH", "DISTINCT", "IS", "USING", "WINDOW", "OVER", "PARTITION", "RETURNING",
    ]

    /// Where each statement of `text` is, in characters, as the database's cutter splits it
    /// (each trimmed of blanks and its final `;`).
    static func ranges(in text: String, dialect: SQLDialect) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var searchStart = text.startIndex
        var searchOffset = 0
        for statement in SQLScript.statements(in: text, dialect: dialect) {
            guard let found = text[searchStart...].firstRange(of: statement) else {
                continue
            }
            let start = searchOffset + text.distance(from: searchStart, to: found.lowerBound)
            let end = start + statement.count
            ranges.append(start..<end)
            searchStart = found.upperBound
            searchOffset = end
        }
        return ranges
    }

    /// The statement under `cursor` (in characters) and where it starts: the one the cursor is
    /// in, else the last one before it, else the first; nil when the text holds none.
    static func statement(at cursor: Int, in text: String, dialect: SQLDialect) -> (text: String, start: Int)? {
        let ranges = ranges(in: text, dialect: dialect)
        guard let range = ranges.last(where: { $0.lowerBound <= cursor }) ?? ranges.first else {
            return nil
        }
        let characters = Array(text)
        let clamped = range.clamped(to: 0..<characters.count)
        return (String(characters[clamped]), clamped.lowerBound)
    }
}
