// Values bound to `?` placeholders, and expressions beside a typed column, given one meaning on
// both databases: a bound value compared with a column of a known type is converted once, when
// the statement is built, as a literal written in its place is read; what the two databases
// cannot read alike is refused on both, naming the column.

import FoundationEssentials

extension PathResolver {
    /// A column a bound value is compared with: its name as written, and what it stores.
    struct BoundColumn {
        package let name: String
        package let type: StoredType
        /// Whether it is compared by size (`<`, `>`…) on SQLite: a `Decimal` then as a real
        /// (``Typing/reals``).
        var bySize = false
    }

    /// `condition` with its names and literals resolved, as ``rewrite(_:)-(String)`` writes them,
    /// and, when `convertingBoundValues`, the values bound to it converted by the columns they are
    /// compared with.
    ///
    /// - Throws: ``ORMError/invalidQuery(_:)`` for text or a value the two databases cannot read
    ///   alike.
    package mutating func rewrite(condition: SQL, convertingBoundValues: Bool = true) throws -> SQL {
        let (text, typing, lists) = try rewriteTyped(condition.text, lists: condition.lists)
        var resolved = SQL(stringLiteral: text)
        resolved.lists = lists
        resolved.text = try truth(of: condition.text, rewritten: text)
        resolved.arguments = condition.arguments
        for (place, column) in typing.bound where convertingBoundValues && resolved.arguments.indices.contains(place) {
            resolved.arguments[place] = try Self.bound(resolved.arguments[place], comparedWith: column)
        }
        return resolved
    }

    /// `value` as bound where it is compared with `column`: a truth text, or 0 or 1, for a `Bool`
    /// (its 0 or 1, which PostgreSQL binds as a boolean), seconds for a `Date`, numeric text as
    /// its number for a number column, a whole number as its digits for a text column.
    ///
    /// - Throws: ``ORMError/invalidQuery(_:)`` for a `Bool` compared with another number or a text
    ///   naming no truth value, a `Date` compared with text or bytes, a number column compared
    ///   with text that is no number.
    package static func bound(_ value: SQLValue, comparedWith column: BoundColumn) throws -> SQLValue {
        switch (column.type, value) {
        case (_, .null):
            return value
        case (.boolean, .integer(let number)) where number == 0 || number == 1:
            return value
        case (.boolean, .real(let number)) where number == 0 || number == 1:
            return .integer(number == 1 ? 1 : 0)
        case (.boolean, .text(let text)):
            guard let truth = truthValue(text) else {
                throw ORMError.invalidQuery(
                    "\(column.name) is a Bool, compared with the bound text \(SQLLiteral.text(text)): bind true or false "
                        + "(or 'true', 'false', 't', 'f', 'yes', 'no', 'on', 'off', '1', '0')")
            }
            return .integer(truth ? 1 : 0)
        case (.boolean, _):
            throw ORMError.invalidQuery(
                "\(column.name) is a Bool, compared with the bound value \(value): bind true or false (1 or 0)")
        case (.date, .text), (.date, .blob):
            throw ORMError.invalidQuery(
                "\(column.name) is a Date, compared with the bound \(value.storageClass) \(value): bind a Date "
                    + "(\"\(column.name) > \\(date)\") or its seconds since 1970")
        case (.integer, .text(let text)), (.double, .text(let text)):
            guard let number = number(in: text) else {
                throw notANumber(SQLLiteral.text(text), comparedWith: column.name, bound: true)
            }
            return number
        case (.text, .integer(let number)):
            return .text(String(number))
        case (.decimal, .text(let text)) where column.bySize:
            return number(in: text) ?? value
        case (.decimal, .text(let text)):
            // As SQLite keeps a Decimal: its text, spelt as `Decimal` writes it ('1.50' is '1.5').
            return decimalText(text).map { .text($0) } ?? value
        default:
            return value
        }
    }

    /// On SQLite, a `Decimal` column compared by size with the other side, `left` or `right`, is
    /// compared as a real (SQLite keeps a `Decimal` as text, which compares as text: `'10' < '9'`),
    /// and a numeric text literal on the other side as its number.
    static func compareDecimalsBySize(_ left: Piece, _ right: Piece, into typing: inout Typing) {
        for (column, other) in [(left, right), (right, left)] {
            guard case .column(.decimal?) = column.kind else { continue }
            typing.reals.insert(column.start)
            if case .string(let value) = other.kind, let number = number(in: value) {
                typing.literals[other.start] = number.description
            }
        }
    }

    /// A sort key that is one column's name (``column(_:)``), alone or before `ASC` or `DESC`, as
    /// both databases order it: on SQLite a `Decimal` column as a real, not as the text it keeps.
    /// Nil for anything else.
    func sortColumn(_ parameter: String) -> String? {
        let words = parameter.split(whereSeparator: \.isWhitespace)
        if words.count == 2, ["ASC", "DESC"].contains(words[1].uppercased()), column(parameter) == nil {
            return sortColumn(String(words[0])).map { "\($0) \(words[1])" }
        }
        guard let column = column(parameter) else { return nil }
        guard !spellsNames, storedType(of: [Segment(written: parameter, name: parameter.trimmedWhitespace)]) == .decimal else {
            return column
        }
        return "CAST(\(column) AS REAL)"
    }

    /// A decimal number's text as ORMCore stores a `Decimal` (`1.50` as `1.5`); nil for a text
    /// that is no number.
    static func decimalText(_ text: String) -> String? {
        guard number(in: text) != nil,
              let decimal = Decimal(string: text.trimmedWhitespace, locale: Locale(identifier: "en_US_POSIX")), !decimal.isNaN
        else { return nil }
        return decimal.description
    }

    /// The number a text compared with a number column stands for, as both databases read it (an
    /// integer or a decimal, blanks around it aside); nil for any other text.
    package static func number(in text: String) -> SQLValue? {
        let trimmed = text.trimmedWhitespace
        if let integer = Int64(trimmed) { return .integer(integer) }
        let isDecimal = !trimmed.isEmpty && trimmed.allSatisfy { $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }
        guard isDecimal, let real = Double(trimmed), real.isFinite else { return nil }
        return .real(real)
    }

    /// The error for a text that is no number compared with a number column.
    package static func notANumber(_ text: String, comparedWith column: String, bound: Bool = false) -> ORMError {
        ORMError.invalidQuery(
            "\(column) stores numbers, compared with the \(bound ? "bound " : "")text \(text): compare it with a number")
    }

    /// Whether both databases can take a column storing `type` as a condition: numbers (SQLite's
    /// any number but 0, written `(… <> 0)` on PostgreSQL) and truth values.
    static func isTruth(_ type: StoredType) -> Bool {
        switch type {
        case .integer, .double, .boolean, .any: true
        default: false
        }
    }

    /// The error for a column that stores neither numbers nor truth values used as a condition.
    static func usedAsCondition(_ column: String, storing type: StoredType) -> ORMError {
        ORMError.invalidQuery(
            "\(column) stores \(holding(type)), used as a condition: compare it (\"\(column) IS NOT NULL\", "
                + "\"\(column) <> ''\")")
    }

    /// Refuses a `Bool`, `Date` or text column compared with arithmetic (`active = 1 + 0`,
    /// `ref = level + 1`): SQLite reads the arithmetic's number as the column's type, PostgreSQL
    /// has no such comparison.
    ///
    /// - Throws: ``ORMError/invalidQuery(_:)`` naming the column.
    static func checkArithmetic(beside left: Piece, _ right: Piece, before: Piece.Kind?, after: Piece.Kind?) throws {
        func isArithmetic(_ kind: Piece.Kind?) -> Bool {
            guard case .symbol(let symbol) = kind else { return false }
            return ["+", "-", "*", "/", "%"].contains(symbol)
        }
        func isNumeric(_ kind: Piece.Kind) -> Bool {
            switch kind {
            case .number, .parameter, .column(.integer), .column(.double): true
            default: false
            }
        }
        for (column, other, beyond) in [(left, right, after), (right, left, before)] {
            guard case .column(let type?) = column.kind, [.boolean, .date, .text].contains(type),
                  isNumeric(other.kind), isArithmetic(beyond)
            else { continue }
            throw ORMError.invalidQuery(
                "\(column.text) stores \(holding(type)), compared with arithmetic (\(other.text) …): compare it with "
                    + "a value of its own type, written or bound")
        }
    }
}
