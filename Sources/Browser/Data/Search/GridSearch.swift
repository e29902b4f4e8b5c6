import ORMCore

/// What a search of a grid's rows looks for: text (`/`, ignoring case) or a regular expression
/// (`\`, `g/`; ignoring case, as VisiData's), in every column or only in one (`z/`, `z\`).
///
/// The search runs in SQL, so it stays bounded on any table: text through `instr` on the folded
/// value (``TextFold``), a pattern through reef's `REGEXP` (``RegexpFunction``); the text or
/// pattern is always bound.
///
/// ```swift
/// let search = GridSearch(pattern: "^ab+", kind: .regex, column: "name")
/// search.condition(columns: ["id", "name"])  // "name" REGEXP ?   with ? = "(?i)^ab+"
/// ```
struct GridSearch: Hashable, Sendable {
    /// How the pattern is read.
    enum Kind: Hashable, Sendable {
        /// Text, found anywhere in a value, ignoring case.
        case text
        /// A regular expression (``RegularExpression``'s syntax), ignoring case.
        case regex
    }

    /// The text or pattern as typed.
    var pattern: String
    /// How it is read.
    var kind: Kind = .text
    /// The column searched, by name; nil for every column.
    var column: String?
    /// Columns not searched: those hidden in the grid (as VisiData searches the visible columns).
    var excluded: Set<String> = []

    /// A search for `text` in every column.
    init(text: String) {
        pattern = text
    }

    /// A search for `pattern` read as `kind`, in `column` (nil: every column).
    init(pattern: String, kind: Kind, column: String?) {
        self.pattern = pattern
        self.kind = kind
        self.column = column
    }

    /// The pattern as ``RegexpFunction`` is given it: made to ignore case.
    var regexPattern: String {
        pattern.hasPrefix("(?i)") ? pattern : "(?i)" + pattern
    }

    /// Checks the pattern of a regex search.
    ///
    /// - Throws: ``RegularExpressionError`` saying what is wrong with it.
    func validate() throws {
        guard kind == .regex else {
            return
        }
        do {
            _ = try RegularExpression(regexPattern)
        } catch let error as RegularExpressionError {
            throw RegularExpressionError(pattern: pattern, reason: error.reason)  // as typed, without `(?i)`
        }
    }

    /// The columns of `names` searched: all of them, or the one named (none when it is gone),
    /// less the ``excluded`` ones.
    func searched(_ names: [String]) -> [String] {
        (column.map { column in names.filter { $0 == column } } ?? names).filter { !excluded.contains($0) }
    }

    /// Whether a row matches, over columns `names` (those not searched are left out), ORed. On
    /// PostgreSQL a pattern is matched by the server's `~*` (its own regular expressions, which
    /// agree with ``RegularExpression`` on the common syntax), against the value as text.
    /// `longValues`, for a SQLite table with a rowid, names it and its rowid: long values are then
    /// searched without being loaded whole; `numbers` names the columns of numbers, which a text
    /// search on PostgreSQL leaves out when the text cannot be in one
    /// (``TextFold/condition(columns:containing:in:longValues:numbers:)``).
    func condition(
        columns names: [String], in dialect: SQLDialect = .sqlite, longValues: LongValueReads? = nil,
        numbers: Set<String> = []
    ) -> SQL {
        let columns = searched(names)
        switch kind {
        case .text:
            return TextFold.condition(columns: columns, containing: pattern, in: dialect, longValues: longValues, numbers: numbers)
        case .regex:
            let tests: [SQL] = columns.map {
                switch dialect.kind {
                case .sqlite: "\(identifier: $0) REGEXP \(regexPattern)"
                case .postgres: "CAST(\(identifier: $0) AS text) ~* \(pattern)"
                }
            }
            return SQL.joined(tests.isEmpty ? [TextFold.never(in: dialect)] : tests, separator: " OR ")
        }
    }

    /// One test per column of `names`: whether that column matches (false for a column not
    /// searched).
    func tests(
        columns names: [String], in dialect: SQLDialect = .sqlite, longValues: LongValueReads? = nil,
        numbers: Set<String> = []
    ) -> [SQL] {
        names.map { name in
            searched([name]).isEmpty
                ? TextFold.never(in: dialect) : condition(columns: [name], in: dialect, longValues: longValues, numbers: numbers)
        }
    }

    /// Whether `text` (a value as shown) matches, compared as the SQL does.
    func matches(_ text: String) -> Bool {
        switch kind {
        case .text:
            return Array(TextFold.fold(text).utf8).firstRange(of: Array(TextFold.fold(pattern).utf8)) != nil
        case .regex:
            return (try? RegularExpression(regexPattern).matches(text)) ?? false
        }
    }

    /// The text the record view marks, nil for a pattern (what it matches is not one text).
    var highlight: String? {
        kind == .text ? pattern : nil
    }

    /// How the status bar names it: `/abc`, `\a.c in name`.
    var label: String {
        (kind == .text ? "/" : "\\") + pattern + (column.map { " in " + Sanitizer.sanitize($0) } ?? "")
    }
}
