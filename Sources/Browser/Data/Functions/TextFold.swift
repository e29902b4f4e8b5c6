import ORMCore

/// Case folding for search, the same in Swift and in SQL. SQLite's `lower()` folds ASCII letters
/// only, so `/ørsted` would miss "Ørsted"; reef registers ``function`` on its connections and folds
/// both the searched text and the cells with Swift's Unicode-aware `lowercased()`. On PostgreSQL,
/// where reef installs nothing on the server, both are folded by the server's `lower()`, which
/// folds what the database's `LC_CTYPE` folds (all of Unicode under `en_US.UTF-8` and the like,
/// ASCII letters only under the `C` locale).
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

    /// `instr(reef_fold(CAST("column" AS TEXT)), ?) > 0` for each text or blob, ORed (on PostgreSQL
    /// `strpos(lower(CAST("column" AS text)), lower(?)) > 0`): whether a row has `text` in any of them,
    /// ignoring case. On SQLite a text of ASCII characters only is found with SQLite's own case
    /// folding, without a call into Swift for each value: several times faster on a million rows.
    /// Other characters of the values cannot match the text's, except the few whose lower case is
    /// ASCII (the Kelvin sign), which only the folding function finds. There a text cell is tested
    /// with `LIKE`, which reads it in place (`lower()` would copy it: 50 MB more for a 50 MB value;
    /// like SQLite's own shell, it reads a text up to a NUL character), and any other value with
    /// `instr(lower(CAST(… AS TEXT)), ?)`, which also sees a blob's bytes after a NUL. In a table
    /// with a rowid (`longValues`), a blob longer than ``longBlobBytes`` is searched by
    /// ``ORMCore/ValueContains`` 64 KiB at a time instead, never loaded whole (`length()` of a blob
    /// does not load it), and so is every text when the table holds values that spill over their
    /// page (``LongValueReads/texts``: SQLite 3.40 loads a text whole for `LIKE`, `length()` or
    /// `substr()`, so no test can tell a long text first). An integer or a real is turned
    /// into text only when the text searched for could be in it (``canBeInNumber(_:)``); a NULL
    /// matches nothing. On PostgreSQL, whose columns hold only their type's values, the columns of
    /// `numbers` (integers, floating-point numbers) are left out when the text cannot be in a number as
    /// the server writes it (``canBeInPostgresNumber(_:)``): no cast of each of their values.
    static func condition(
        columns: [String], containing text: String, in dialect: SQLDialect = .sqlite,
        longValues: LongValueReads? = nil, numbers: Set<String> = []
    ) -> SQL {
        let needle = fold(text)
        let plain = needle.utf8.allSatisfy { $0 < 0x80 }
        let skipsNumbers = dialect.kind == .postgres && !canBeInPostgresNumber(needle)
        let tests: [SQL] = columns.filter { !(skipsNumbers && numbers.contains($0)) }.map {
            switch dialect.kind {
            case .sqlite where plain: plainTest(column: $0, needle: needle, longValues: longValues)
            case .sqlite: foldedTest(column: $0, needle: needle)
            case .postgres: "strpos(lower(CAST(\(identifier: $0) AS text)), lower(\(text))) > 0"
            }
        }
        return SQL.joined(tests.isEmpty ? [never(in: dialect)] : tests, separator: " OR ")
    }

    /// The characters of a number as PostgreSQL writes it (`-12`, `1.50`, `1e+20`, `Infinity`,
    /// `NaN`), folded.
    private static let postgresNumberCharacters = Set("0123456789-+.einfatya".utf8)

    /// Whether `needle` (folded) can be found in a number as PostgreSQL writes it.
    static func canBeInPostgresNumber(_ needle: String) -> Bool {
        needle.utf8.allSatisfy { postgresNumberCharacters.contains($0) }
    }

    /// The SQLite test of one column for a `needle` (folded) with other than ASCII characters:
    /// numbers are ASCII, so only texts and blobs can hold it.
    private static func foldedTest(column: String, needle: String) -> SQL {
        var test: SQL = "CASE WHEN typeof(\(identifier: column)) IN ('text', 'blob') THEN "
        test.append("instr(\(raw: functionName)(CAST(\(identifier: column) AS TEXT)), \(needle)) > 0 ELSE 0 END")
        return test
    }

    /// The characters of a number as SQLite writes it (`-12`, `1.5`, `1.0e+20`, `Inf`), folded.
    private static let numberCharacters = Set("0123456789-+.einf".utf8)

    /// Whether `needle` (folded) can be found in a number as SQLite writes it: when it is not, an
    /// integer or a real is not turned into text to be searched (five million conversions on a
    /// million rows of five columns, most of a search's time).
    static func canBeInNumber(_ needle: String) -> Bool {
        needle.utf8.allSatisfy { numberCharacters.contains($0) }
    }

    /// The blobs longer than this are searched by incremental I/O in a table with a rowid.
    static let longBlobBytes = 65_536

    /// The SQLite test of one column for an ASCII `needle` (folded), see ``condition(columns:containing:in:longValues:numbers:)``.
    private static func plainTest(column: String, needle: String, longValues: LongValueReads?) -> SQL {
        var pattern = "%"
        for character in needle {
            pattern += "%_\\".contains(character) ? "\\\(character)" : String(character)
        }
        pattern += "%"
        let folded: SQL = "instr(lower(CAST(\(identifier: column) AS TEXT)), \(needle)) > 0"
        var blob = folded
        var text: SQL = "\(identifier: column) LIKE \(pattern) ESCAPE '\\'"
        if let longValues {
            let inChunks: SQL =
                "\(raw: ValueContains.functionName)(\(longValues.table), \(column), \(identifier: longValues.rowID), \(needle))"
            if longValues.texts {
                text = inChunks
            }
            blob = "CASE WHEN length(\(identifier: column)) > \(raw: String(longBlobBytes)) THEN "
            blob.append(inChunks)
            blob.append(" ELSE ")
            blob.append(folded)
            blob.append(" END")
        }
        var test: SQL = "CASE typeof(\(identifier: column)) WHEN 'text' THEN "
        test.append(text)
        test.append(" WHEN 'blob' THEN ")
        test.append(blob)
        test.append(" ELSE ")
        test.append(canBeInNumber(needle) ? folded : never(in: .sqlite))
        test.append(" END")
        return test
    }

    /// A condition no row meets: `0` in SQLite, `FALSE` on PostgreSQL (whose `WHERE` takes only a
    /// boolean).
    static func never(in dialect: SQLDialect) -> SQL {
        dialect.kind == .sqlite ? "0" : "FALSE"
    }
}
