// SQLite's loose typing in builder text, given one meaning on both databases. Where a literal
// compared with a column of a known type would be read differently (or refused by PostgreSQL,
// which SQLite answers), it is written as SQLite reads it, in PostgreSQL's words; where the two
// cannot agree, the text is refused on both, before either database sees it, by an error naming
// the column and what to write instead.

extension PathResolver {
    /// What typing changes in a query's text, by the index of a token of the text as written.
    struct Typing {
        /// Literals written otherwise: `TRUE` for a `1` compared with a `Bool` column on
        /// PostgreSQL, `1` for a `'true'` on SQLite, `'7'` for a `7` compared with a text column…
        package var literals: [Int: String] = [:]
        /// Where a number column used as a condition beside `AND`, `OR` or `NOT` starts: written
        /// `(… <> 0)` on PostgreSQL, which wants a boolean there.
        var truths: Set<Int> = []
        /// The columns the values bound to `?` placeholders are compared with, by the
        /// placeholder's place among the text's `?`s (its argument's index).
        package var bound: [Int: BoundColumn] = [:]
        /// Where a `Decimal` column compared by size (`<`, `>`…) starts: written
        /// `CAST(… AS REAL)` on SQLite, which keeps a `Decimal` as text and would compare text.
        package var reals: Set<Int> = []
    }

    /// One piece of the text as typing reads it.
    struct Piece {
        package enum Kind: Equatable {
            /// A name of a column (or a dot path), with what it stores when known.
            case column(StoredType?)
            case number
            /// A string literal; its value unquoted.
            case string(String)
            /// A keyword, in capitals.
            case keyword(String)
            /// Operators written together (`<>`, `=`, `,`).
            case symbol(String)
            case open
            case close
            /// A `?` placeholder, with its place among the text's `?`s.
            case parameter(Int)
            /// Anything else: a function's name, a named parameter, a blob.
            case other
        }

        package let kind: Kind
        /// The index of its first token.
        package let start: Int
        /// Its text as written.
        package let text: String
    }

    /// The comparisons whose literal is read as the column's type.
    private static let comparisons: Set<String> = ["=", "==", "<>", "!=", "<", "<=", ">", ">="]

    /// How `tokens` of `text` are to be written so that both databases read them as SQLite does.
    ///
    /// - Throws: ``ORMError/invalidQuery(_:)`` for text the two databases cannot read alike: a
    ///   `Bool` column compared with a number but 0 and 1 or a text that names no truth value, a
    ///   `Date` column with a text, a number column with a text that is no number, a `Bool`, text
    ///   or `Date` column with arithmetic, a column storing neither numbers nor truth values used
    ///   as a condition beside `AND`, `OR` or `NOT`.
    package func typing(of tokens: [SQLToken], in text: String) throws -> Typing {
        let pieces = Self.pieces(of: tokens, in: text, resolver: self)
        var typing = Typing()
        for (position, piece) in pieces.enumerated() {
            switch piece.kind {
            case .symbol(let symbol) where Self.comparisons.contains(symbol):
                try typeComparison(at: position, of: pieces, into: &typing)
            case .keyword("IN"):
                try typeList(at: position, of: pieces, into: &typing)
            default:
                break
            }
        }
        let betweenAnds = Self.betweenAnds(in: pieces)
        func isConnective(_ position: Int, before: Bool) -> Bool {
            guard pieces.indices.contains(position), case .keyword(let word) = pieces[position].kind else { return false }
            return (word == "AND" && !betweenAnds.contains(position)) || word == "OR" || (before && word == "NOT")
        }
        for (position, piece) in pieces.enumerated() {
            switch piece.kind {
            case .number, .column(.integer), .column(.double): break
            case .column(let type?) where !Self.isTruth(type): break
            default: continue
            }
            let connectiveBefore = isConnective(position - 1, before: true)
            let connectiveAfter = isConnective(position + 1, before: false)
            guard connectiveBefore || connectiveAfter,
                  position == 0 || connectiveBefore || pieces[position - 1].kind == .open,
                  position == pieces.count - 1 || connectiveAfter || pieces[position + 1].kind == .close
            else { continue }
            if case .column(let type?) = piece.kind, !Self.isTruth(type) {
                throw Self.usedAsCondition(piece.text, storing: type)
            }
            guard spellsNames else { continue }
            if piece.kind == .number {
                typing.literals[piece.start] = "(\(piece.text) <> 0)"
            } else {
                typing.truths.insert(piece.start)
            }
        }
        return typing
    }

    /// Types `column op literal` or `literal op column` around the comparison at `position`, when
    /// nothing binding tighter stands on either side.
    private func typeComparison(at position: Int, of pieces: [Piece], into typing: inout Typing) throws {
        guard position >= 1, position + 1 < pieces.count else { return }
        let outerBefore = position >= 2 ? pieces[position - 2].kind : nil
        let outerAfter = position + 2 < pieces.count ? pieces[position + 2].kind : nil
        let left = pieces[position - 1]
        let right = pieces[position + 1]
        try Self.checkArithmetic(beside: left, right, before: outerBefore, after: outerAfter)
        guard Self.bounds(before: outerBefore), Self.bounds(after: outerAfter) else { return }
        var bySize = false
        if !spellsNames, case .symbol(let symbol) = pieces[position].kind {
            bySize = ["<", "<=", ">", ">="].contains(symbol)
        }
        if case .column(let type?) = left.kind, case .parameter(let place) = right.kind {
            typing.bound[place] = BoundColumn(name: left.text, type: type, bySize: bySize)
        } else if case .column(let type?) = right.kind, case .parameter(let place) = left.kind {
            typing.bound[place] = BoundColumn(name: right.text, type: type, bySize: bySize)
        } else if case .column(let type?) = left.kind, let literal = try typed(right, comparedWith: left, storing: type) {
            typing.literals[right.start] = literal
        } else if case .column(let type?) = right.kind, let literal = try typed(left, comparedWith: right, storing: type) {
            typing.literals[left.start] = literal
        }
        // After the literal typing above: compared by size, a literal beside a Decimal is a number.
        if bySize { Self.compareDecimalsBySize(left, right, into: &typing) }
    }

    /// Types the literals of `column IN (…)` or `column NOT IN (…)` for the `IN` at `position`.
    private func typeList(at position: Int, of pieces: [Piece], into typing: inout Typing) throws {
        let negated = position >= 1 && pieces[position - 1].kind == .keyword("NOT")
        let columnPosition = position - (negated ? 2 : 1)
        guard columnPosition >= 0, case .column(let type?) = pieces[columnPosition].kind,
              Self.bounds(before: columnPosition >= 1 ? pieces[columnPosition - 1].kind : nil),
              position + 1 < pieces.count, pieces[position + 1].kind == .open
        else { return }
        var literals: [Piece] = []
        var places: [Int] = []
        var index = position + 2
        while index < pieces.count {
            let piece = pieces[index]
            switch piece.kind {
            case .number, .string: literals.append(piece)
            case .parameter(let place): places.append(place)
            default: return
            }
            index += 1
            guard index < pieces.count else { return }
            if pieces[index].kind == .close { break }
            guard pieces[index].kind == .symbol(",") else { return }
            index += 1
        }
        for literal in literals {
            typing.literals[literal.start] = try typed(literal, comparedWith: pieces[columnPosition], storing: type)
        }
        for place in places {
            typing.bound[place] = BoundColumn(name: pieces[columnPosition].text, type: type)
        }
    }

    /// `literal` as written where it is compared with `column`, which stores `type`; nil to leave
    /// it as it is.
    private func typed(_ literal: Piece, comparedWith column: Piece, storing type: StoredType) throws -> String? {
        switch (type, literal.kind) {
        case (.boolean, .number):
            guard let number = Int64(literal.text), number == 0 || number == 1 else {
                throw ORMError.invalidQuery(
                    "\(column.text) is a Bool, compared with \(literal.text): compare it with TRUE or FALSE (1 or 0)")
            }
            guard spellsNames else { return nil }
            return number == 1 ? "TRUE" : "FALSE"
        case (.boolean, .string(let value)):
            guard let truth = Self.truthValue(value) else {
                throw ORMError.invalidQuery(
                    "\(column.text) is a Bool, compared with the text \(literal.text): compare it with TRUE or FALSE "
                        + "(or 'true', 'false', 't', 'f', 'yes', 'no', 'on', 'off', '1', '0')")
            }
            if spellsNames { return truth ? "TRUE" : "FALSE" }
            return truth ? "1" : "0"
        case (.text, .number):
            guard spellsNames, let number = Int64(literal.text) else { return nil }
            return "'\(number)'"
        case (.decimal, .string(let value)):
            // SQLite keeps a Decimal as its text, which an equal text must spell alike.
            guard !spellsNames, let decimal = Self.decimalText(value) else { return nil }
            return SQLLiteral.text(decimal)
        case (.date, .number):
            // SQLite keeps a Date as its seconds since 1970.
            guard spellsNames, Double(literal.text) != nil, !literal.text.lowercased().hasPrefix("0x") else { return nil }
            return "to_timestamp(\(literal.text))"
        case (.integer, .string(let value)), (.double, .string(let value)):
            guard Self.number(in: value) != nil else {
                throw Self.notANumber(literal.text, comparedWith: column.text)
            }
            return nil
        case (.date, .string):
            throw ORMError.invalidQuery(
                "\(column.text) is a Date, compared with the text \(literal.text): compare it with a bound Date "
                    + "(\"\(column.text) > \\(date)\") or with its seconds since 1970")
        default:
            return nil
        }
    }

    /// What a text compared with a `Bool` column means, as PostgreSQL reads it (case and blanks
    /// around aside); nil for a text it reads as neither.
    static func truthValue(_ text: String) -> Bool? {
        switch text.trimmedWhitespace.asciiLowercased {
        case "true", "t", "yes", "y", "on", "1": true
        case "false", "f", "no", "n", "off", "0": false
        default: nil
        }
    }

    /// Whether a piece before an operand leaves the operand to the comparison after it.
    private static func bounds(before kind: Piece.Kind?) -> Bool {
        switch kind {
        case nil, .open, .keyword: true
        default: false
        }
    }

    /// Whether a piece after an operand leaves the operand to the comparison before it.
    private static func bounds(after kind: Piece.Kind?) -> Bool {
        switch kind {
        case nil, .close, .keyword: true
        default: false
        }
    }

    /// The positions of the `AND`s that end a `BETWEEN` (`x BETWEEN 1 AND 5`), which join no
    /// conditions.
    private static func betweenAnds(in pieces: [Piece]) -> Set<Int> {
        var pending: [Int: Int] = [:]
        var depth = 0
        var found: Set<Int> = []
        for (position, piece) in pieces.enumerated() {
            switch piece.kind {
            case .open:
                depth += 1
                pending[depth] = 0
            case .close:
                depth -= 1
            case .keyword("BETWEEN"):
                pending[depth, default: 0] += 1
            case .keyword("AND") where pending[depth, default: 0] > 0:
                pending[depth, default: 0] -= 1
                found.insert(position)
            default:
                break
            }
        }
        return found
    }

    /// `tokens` cut into pieces, blanks and comments left out: a name or dot path is one piece
    /// (a column, a keyword, or a function's name before `(`), operators written together are one.
    private static func pieces(of tokens: [SQLToken], in text: String, resolver: PathResolver) -> [Piece] {
        var pieces: [Piece] = []
        var index = 0
        var places = 0
        while index < tokens.count {
            let token = tokens[index]
            let written = String(text[token.range])
            var kind = Piece.Kind.other
            var end = index + 1
            switch token.kind {
            case .space, .comment:
                index += 1
                continue
            case .number: kind = .number
            case .parameter where written == "?":
                kind = .parameter(places)
                places += 1
            case .string: kind = token.isClosed ? .string(token.unquoted(in: text)) : .other
            case .openParenthesis: kind = .open
            case .closeParenthesis: kind = .close
            case .operator:
                var symbol = written
                while end < tokens.count, tokens[end].kind == .operator {
                    symbol += text[tokens[end].range]
                    end += 1
                }
                kind = .symbol(symbol)
            case .word, .quotedName:
                guard segment(token, in: text) != nil, index == 0 || !continuesPrevious(tokens[index - 1], in: text) else {
                    break
                }
                let (segments, pathEnd) = readPath(tokens, from: index, in: text)
                end = pathEnd
                let next = tokens[pathEnd...].first { !$0.isTrivia }
                if segments.count == 1, !segments[0].isQuoted, keywords.contains(segments[0].name.uppercased()) {
                    kind = .keyword(segments[0].name.uppercased())
                } else if next?.kind != .openParenthesis {
                    kind = .column(resolver.storedType(of: segments))
                }
            default:
                break
            }
            let pieceText = String(text[token.range.lowerBound..<tokens[end - 1].range.upperBound])
            pieces.append(Piece(kind: kind, start: index, text: pieceText))
            index = end
        }
        return pieces
    }

    /// What a column of `type` holds, in words.
    package static func holding(_ type: StoredType) -> String {
        switch type {
        case .integer, .double: "numbers"
        case .boolean: "truth values"
        case .decimal: "decimal numbers"
        case .date: "dates"
        case .bytes: "bytes"
        case .uuid: "UUIDs"
        case .json: "JSON"
        case .any: "values of any kind"
        default: "text"
        }
    }

    /// Refuses `sum` of one column that stores no numbers (text, a `Date`, bytes, …): SQLite would
    /// add what it reads of each as a number, PostgreSQL has no such sum.
    ///
    /// - Throws: ``ORMError/invalidQuery(_:)`` naming the column.
    static func checkSummable(_ expression: String, among entities: [EntityDescription]) throws {
        let name = expression.trimmedWhitespace
        for entity in entities {
            guard let column = entity.column(named: name) else { continue }
            switch entity.storedType(of: column) {
            case nil, .integer, .double, .decimal, .boolean:
                return
            case let type?:
                throw ORMError.invalidQuery(
                    "sum(\(name)): \(column) of \(entity.table) stores \(Self.holding(type)), not numbers; "
                        + "sum a column of numbers, or an expression that makes one (\"length(\(column))\")")
            }
        }
    }
}
