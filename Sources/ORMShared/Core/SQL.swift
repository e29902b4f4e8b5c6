import FoundationEssentials

/// SQL text that travels with its arguments.
///
/// Interpolated values become `?` placeholders with bound arguments; they are never spliced into
/// the text. Collections become parenthesised lists for `IN`. Identifiers are interpolated quoted.
///
/// ```swift
/// let minAge = 18
/// let names = ["Ann", "Bo"]
/// let sql: SQL = "SELECT * FROM \(identifier: "person") WHERE age > \(minAge) AND name IN \(names)"
/// // SELECT * FROM "person" WHERE age > ? AND name IN (?,?)   arguments: [18, "Ann", "Bo"]
/// ```
///
/// A list longer than 1,000 values, or an empty one, binds as one value instead, and its test
/// (`IN` or `NOT IN` before it) is kept as a value too (`SQL.LongList`): each database writes it its
/// own way when the statement runs (`rendered(in:)`), SQLite `IN (SELECT value FROM
/// json_each(?))` with a JSON array, PostgreSQL `= ANY (?)` with an array. ``text`` spells it as
/// SQLite does. An empty list means the same on both databases: `IN` matches nothing and `NOT IN`
/// everything.
public struct SQL: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The SQL text with `?` placeholders (a long list's test spelt as SQLite reads it).
    ///
    /// Text added before or after keeps the long lists in it as values; text set wholesale, that
    /// holds none of this text, leaves none.
    public var text: String {
        get { storedText }
        _modify {
            if lists.isEmpty {
                yield &storedText
            } else {
                let old = storedText
                var new = storedText
                yield &new
                storedText = new
                moveLists(from: old, to: new)
            }
        }
    }
    /// The text, kept by ``text``.
    var storedText: String
    /// The values bound to the placeholders, in order.
    public var arguments: [SQLValue]
    /// The long lists in the text, in order.
    package var lists: [LongList] = []

    /// SQL text with positional `?` arguments. An argument that is a collection expands its `?`
    /// into a parenthesised list.
    public init(_ text: String, arguments: [any SQLExpressible] = []) {
        self.storedText = ""
        self.arguments = []
        var remaining = arguments[...]
        // Only a bare `?` outside strings, quoted names and comments is a placeholder.
        for token in SQLToken.tokens(in: text) {
            let piece = text[token.range]
            if token.kind == .parameter, piece == "?", let argument = remaining.popFirst() {
                Self.append(argument, to: &storedText, &self.arguments, &lists)
            } else {
                storedText += piece
            }
        }
        // Arguments beyond the placeholders are kept: binding reports the mismatch, naming both counts.
        for argument in remaining { self.arguments.append(contentsOf: argument.sqlValues) }
    }

    /// Literal SQL text with no arguments.
    public init(stringLiteral value: String) {
        self.storedText = value
        self.arguments = []
    }

    /// Interpolated SQL; see ``SQL``.
    public init(stringInterpolation: Interpolation) {
        self.storedText = stringInterpolation.text
        self.arguments = stringInterpolation.arguments
        self.lists = stringInterpolation.lists
    }

    /// Appends other SQL, text and arguments (and its long lists).
    public mutating func append(_ other: SQL) {
        Self.appendSQL(other, to: &storedText, &arguments, &lists)
    }

    /// This SQL with positional arguments bound to its `?` placeholders (a collection fills one `?`
    /// with a parenthesised list).
    ///
    /// - Throws: ``ORMError/invalidQuery(_:)`` when the SQL already carries interpolated arguments:
    ///   mixing both would make it ambiguous which `?` takes which value.
    public func binding(_ positional: [any SQLExpressible]) throws -> SQL {
        if positional.isEmpty { return self }
        guard arguments.isEmpty else {
            throw ORMError.invalidQuery("use either interpolated values or ? arguments, not both: \(text)")
        }
        return SQL(text, arguments: positional)
    }

    /// Joins pieces of SQL with a separator.
    public static func joined(_ parts: [SQL], separator: String) -> SQL {
        var result = SQL(stringLiteral: "")
        for (index, part) in parts.enumerated() {
            if index > 0 { result.storedText += separator }
            result.append(part)
        }
        return result
    }

    /// Lists longer than this bind as one JSON array read through `json_each`, so no list ever meets
    /// SQLite's limit on bound variables (32,766) and one query keeps its order and limit.
    static let longListThreshold = 1_000

    /// Appends an argument's placeholder to `text` and its values to `arguments`: `?`, a short
    /// list's `(?,?,…)`, or a long (or empty) list's test, written as SQLite reads it and kept in
    /// `lists` with the `IN` or `NOT IN` that `text` ends with.
    package static func append(
        _ argument: some SQLExpressible, to text: inout String, _ arguments: inout [SQLValue], _ lists: inout [LongList]
    ) {
        let values = argument.sqlValues
        guard argument.isList else {
            text += "?"
            arguments += values
            return
        }
        // An empty list too: PostgreSQL refuses `IN ()`, which SQLite reads as matching nothing;
        // an empty array means that on both (`NOT IN`: everything, NULL included).
        if values.count > longListThreshold || values.isEmpty, let json = jsonArray(values) {
            appendLongList(values, json: json, to: &text, &arguments, &lists)
            return
        }
        text += "(" + Array(repeating: "?", count: values.count).joined(separator: ",") + ")"
        arguments += values
    }

    /// Values as a JSON array, or nil when one cannot be written as JSON (a blob, a non-finite real).
    package static func jsonArray(_ values: [SQLValue]) -> String? {
        var json = "["
        for (index, value) in values.enumerated() {
            if index > 0 { json += "," }
            switch value {
            case .null: json += "null"
            case .integer(let int): json += String(int)
            case .real(let double):
                guard double.isFinite else { return nil }
                json += String(double)
            case .text(let text): json += JSONText.quoted(text)
            case .blob: return nil
            }
        }
        return json + "]"
    }

    public var description: String {
        arguments.isEmpty ? text : "\(text) -- \(arguments.map(\.description).joined(separator: ", "))"
    }

    /// Builds ``SQL`` from a string literal with interpolations.
    public struct Interpolation: StringInterpolationProtocol {
        package var text = ""
        package var arguments: [SQLValue] = []
        package var lists: [LongList] = []

        public init(literalCapacity: Int, interpolationCount: Int) {
            text.reserveCapacity(literalCapacity + interpolationCount * 2)
        }

        /// Literal text.
        public mutating func appendLiteral(_ literal: String) { text += literal }

        /// A value, bound as an argument (a collection becomes `(?,?,…)`, or a JSON list when long).
        public mutating func appendInterpolation(_ value: some SQLExpressible) {
            SQL.append(value, to: &text, &arguments, &lists)
        }

        /// An identifier (table or column name), quoted.
        public mutating func appendInterpolation(identifier: String) {
            text += quoteIdentifier(identifier)
        }

        /// Other SQL, embedded with its arguments.
        public mutating func appendInterpolation(sql: SQL) {
            SQL.appendSQL(sql, to: &text, &arguments, &lists)
        }

        /// Raw SQL text, spliced in as it is: only for text the program itself wrote (a keyword, a
        /// name it quoted, a number it formatted), never for values or anything a user typed (bind
        /// values; check typed expressions with ``SQL/userExpression(_:in:)``).
        public mutating func appendInterpolation(raw text: String) {
            self.text += text
        }

        /// Not available: in GRDB `literal:` embeds SQL with its arguments, while here it spliced raw
        /// text, so a GRDB reader took the unsafe call for the safe one.
        @available(*, unavailable, message: "use \\(raw:) for SQL text the program wrote, \\(sql:) for SQL with its arguments, SQL.userExpression(_:in:) for typed text")
        public mutating func appendInterpolation(literal: String) {
            text += literal
        }
    }
}

/// A value that can stand as an argument in ``SQL``: a single value or a list of values.
public protocol SQLExpressible: Sendable {
    /// The values to bind.
    var sqlValues: [SQLValue] { get }
    /// Whether the values form a list (`IN (?,?)`) rather than one value.
    var isList: Bool { get }
}

extension SQLValue: SQLExpressible {
    /// The value itself.
    public var sqlValues: [SQLValue] { [self] }
    /// Not a list.
    public var isList: Bool { false }
}

extension Array: SQLExpressible where Element: SQLExpressible {
    /// Each element's value.
    public var sqlValues: [SQLValue] { flatMap(\.sqlValues) }
    /// A list.
    public var isList: Bool { true }
}

extension Set: SQLExpressible where Element: SQLExpressible {
    /// Each element's value.
    public var sqlValues: [SQLValue] { flatMap(\.sqlValues) }
    /// A list.
    public var isList: Bool { true }
}
