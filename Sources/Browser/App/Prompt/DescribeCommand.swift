/// A command typed at the SQL prompt that describes the database, as psql and pgcli (`\d`) and
/// the sqlite3 shell and litecli (`.tables`, `.schema`) spell them:
///
/// - `\d`, `.tables`: the tables and views; `\dt` tables only, `\dv` views, `\dm` materialized
///   views; each with an optional pattern (`*` or `%` any run of characters, `?` one; case ignored).
/// - `\d NAME`, `.schema NAME`: the schema view of table or view `NAME`.
/// - `\dn`: the database's schemas (PostgreSQL's; SQLite's `main`).
///
/// ```swift
/// DescribeCommand.parse("\\dt inv*")       // .list(.tables, matching: "inv*")
/// DescribeCommand.parse(".schema Track")   // .describe("Track")
/// DescribeCommand.parse("SELECT 1")        // nil: SQL, or another command
/// ```
enum DescribeCommand: Equatable, Sendable {
    /// Which objects a listing shows.
    enum Objects: Equatable, Sendable {
        /// Tables and views of every kind.
        case all
        /// Ordinary and virtual tables.
        case tables
        /// Views.
        case views
        /// Materialized views (PostgreSQL).
        case materializedViews

        /// Whether an object of `kind` is listed.
        func contains(_ kind: CatalogEntry.Kind) -> Bool {
            switch self {
            case .all: true
            case .tables: kind == .table || kind == .virtual
            case .views: kind == .view
            case .materializedViews: kind == .materializedView
            }
        }
    }

    /// List `objects` whose names match `pattern` (all when nil).
    case list(Objects, matching: String?)
    /// Show the schema view of the table or view named so.
    case describe(String)
    /// List the database's schemas.
    case schemas
    /// A command without what it needs: how to write it.
    case usage(String)

    /// The command `text` holds, or nil when it is SQL or another backslash command.
    static func parse(_ text: String) -> DescribeCommand? {
        let trimmed = text.drop { $0.isWhitespace }
        let word = String(trimmed.prefix { !$0.isWhitespace })
        guard Self.words.contains(word) else {
            return nil
        }
        let rest = String(trimmed.dropFirst(word.count)).trimmedWhitespace
        let argument: String?
        if rest.isEmpty {
            argument = nil
        } else if let name = Self.unquoted(rest) {
            argument = name
        } else if rest.contains(where: \.isWhitespace) {
            return .usage("\(word) takes one name, in double quotes when it holds spaces (\\d \"my table\")")
        } else {
            argument = rest
        }
        switch word {
        case "\\d", "\\d+":
            guard let argument else { return .list(.all, matching: nil) }
            return isPattern(argument) ? .list(.all, matching: argument) : .describe(argument)
        case ".tables":
            return .list(.all, matching: argument)
        case "\\dt", "\\dt+":
            return .list(.tables, matching: argument)
        case "\\dv", "\\dv+":
            return .list(.views, matching: argument)
        case "\\dm", "\\dm+":
            return .list(.materializedViews, matching: argument)
        case "\\dn", "\\dn+":
            return argument == nil ? .schemas : nil
        case ".schema":
            return argument.map { .describe($0) } ?? .usage(".schema NAME shows the schema of table NAME; .tables lists them")
        default:
            return nil
        }
    }

    /// The commands' first words.
    private static let words: Set<String> = [
        "\\d", "\\d+", ".tables", "\\dt", "\\dt+", "\\dv", "\\dv+", "\\dm", "\\dm+", "\\dn", "\\dn+", ".schema",
    ]

    /// The name `text` spells in double quotes (`"my ""odd"" table"`), nil when it is not one.
    private static func unquoted(_ text: String) -> String? {
        guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") else {
            return nil
        }
        let inner = text.dropFirst().dropLast()
        let parts = inner.split(separator: "\"\"", omittingEmptySubsequences: false)
        guard !parts.contains(where: { $0.contains("\"") }) else {
            return nil
        }
        return parts.joined(separator: "\"")
    }

    /// Whether `text` is a pattern rather than a name.
    private static func isPattern(_ text: String) -> Bool {
        text.contains { $0 == "*" || $0 == "%" || $0 == "?" }
    }

    /// Whether `name` matches `pattern` (`*` or `%` any run of characters, `?` one), ignoring case.
    static func name(_ name: String, matches pattern: String) -> Bool {
        let name = Array(name.lowercased())
        let pattern = Array(pattern.lowercased())
        // Positions of the pattern reached after each character of the name (a set, so a
        // pattern of many stars stays linear in the name's length times the pattern's).
        var reached: Set<Int> = closure(of: [0], in: pattern)
        for character in name {
            var next: Set<Int> = []
            for position in reached where position < pattern.count {
                switch pattern[position] {
                case "*", "%": next.insert(position)
                case "?": next.insert(position + 1)
                case let literal where literal == character: next.insert(position + 1)
                default: break
                }
            }
            reached = closure(of: next, in: pattern)
            if reached.isEmpty {
                return false
            }
        }
        return reached.contains(pattern.count)
    }

    /// `positions` with every position past a run of stars at them (a star may match nothing).
    private static func closure(of positions: Set<Int>, in pattern: [Character]) -> Set<Int> {
        var result = positions
        for var position in positions {
            while position < pattern.count, pattern[position] == "*" || pattern[position] == "%" {
                position += 1
                result.insert(position)
            }
        }
        return result
    }
}
