extension SQLToken {
    /// Whose lexical rules cut SQL text into tokens.
    package enum Dialect: Sendable, Hashable {
        /// SQLite's: `'…'` strings; `"…"`, `` `…` `` and `[…]` names; `X'…'` blobs; `?`, `?N`,
        /// `:name`, `@name`, `$name` and `#name` parameters.
        case sqlite
        /// PostgreSQL's, with `standard_conforming_strings` on (the default since 9.1): `'…'`;
        /// `E'…'` with backslash escapes; `U&'…'`, `N'…'`, `B'…'` and `X'…'` (bit strings, not blobs);
        /// dollar-quoted strings (`$$…$$`, `$body$…$body$`) that may hold anything, semicolons and
        /// quotes included; `"…"` and `U&"…"` names; block comments that nest; `$1` parameters (and
        /// `?`, which ORMCore numbers before preparing, see ``SQLToken/numberingParameters(in:)``);
        /// `[`, `` ` ``, `:`, `@` and `#` are operators.
        case postgres
    }

    /// `text` for PostgreSQL: every bare `?` parameter written `$1`, `$2`… in order, and the number
    /// of parameters the statement takes (the highest `$n` once numbered). A `?` inside a string,
    /// a name or a comment stays as it is; so does one written `?N`. PostgreSQL's `jsonb` operators
    /// `?`, `?|` and `?&` cannot be written in ORMCore's SQL for that reason: call `jsonb_exists`,
    /// `jsonb_exists_any` and `jsonb_exists_all` instead. Long lists are rewritten as
    /// ``postgresText(for:)`` says.
    package static func numberingParameters(in text: String) -> (text: String, count: Int) {
        let prepared = postgresText(for: text)
        return (prepared.text, prepared.parameterCount)
    }

    /// ORMCore's `?` text as PostgreSQL prepares it: parameters numbered (``numberingParameters(in:)``),
    /// and each long list ``SQL`` bound as one JSON array for SQLite's `json_each`
    /// (`x IN (SELECT value FROM json_each(?))`, `NOT IN` likewise) written `x = ANY ($n)` (`x <> ALL
    /// ($n)`), so the server types the parameter as an array of `x`'s type; the statement binds that
    /// parameter's JSON as an array literal (``PostgresArrayLiteral``). One parameter however long
    /// the list, as on SQLite, and the same answers: a NULL in the list makes `NOT IN` unknown.
    package static func postgresText(for text: String) -> PostgresPreparedText {
        let tokens = tokens(in: text, dialect: .postgres)
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        var next = 1
        var highest = 0
        var lists: [Int] = []
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            let piece = text[token.range]
            if token.kind == .word, piece.utf8.count <= 3, let (negated, end) = longListMatch(at: index, in: tokens, text: text) {
                result += (negated ? "<> ALL ($" : "= ANY ($") + "\(next))"
                lists.append(next)
                highest = max(highest, next)
                next += 1
                index = end
                continue
            }
            index += 1
            guard token.kind == .parameter else {
                result += piece
                continue
            }
            if piece == "?" {
                result += "$\(next)"
                highest = max(highest, next)
                next += 1
            } else {
                result += piece
                if let number = Int(piece.dropFirst()) {
                    highest = max(highest, number)
                }
            }
        }
        return PostgresPreparedText(text: result, parameterCount: highest, listParameters: lists)
    }

    /// The words and marks of ``SQL``'s long-list placeholder after `IN`.
    private static let longListTail = ["(", "select", "value", "from", "json_each", "(", "?", ")", ")"]

    /// Whether the tokens from `start` read `[NOT] IN (SELECT value FROM json_each(?))`, blanks and
    /// comments aside: whether `NOT` leads, and the index past the last `)`.
    private static func longListMatch(at start: Int, in tokens: [SQLToken], text: String) -> (negated: Bool, end: Int)? {
        var index = start
        func nextWord() -> String? {
            while index < tokens.count, tokens[index].isTrivia { index += 1 }
            guard index < tokens.count else { return nil }
            defer { index += 1 }
            return text[tokens[index].range].lowercased()
        }
        var word = nextWord()
        let negated = word == "not"
        if negated { word = nextWord() }
        guard word == "in", let end = longListEnd(at: index, in: tokens, text: text) else { return nil }
        return (negated, end)
    }

    /// The index past ``SQL``'s long-list placeholder `(SELECT value FROM json_each(?))` when the
    /// tokens from `start` (blanks and comments aside) read it, nil otherwise: text ORMCore wrote,
    /// whose names are no user's.
    package static func longListEnd(at start: Int, in tokens: [SQLToken], text: String) -> Int? {
        var index = start
        for expected in longListTail {
            while index < tokens.count, tokens[index].isTrivia { index += 1 }
            guard index < tokens.count, text[tokens[index].range].lowercased() == expected else { return nil }
            index += 1
        }
        return index
    }
}

/// What PostgreSQL prepares for ORMCore's `?` text (``SQLToken/postgresText(for:)``).
package struct PostgresPreparedText: Sendable, Hashable {
    /// The text with `$n` parameters.
    package let text: String
    /// How many parameters the statement takes.
    package let parameterCount: Int
    /// The parameters (numbered from 1) that take a whole list, bound as one array.
    package let listParameters: [Int]
}

extension SQLToken.Scanner {
    /// The next token by PostgreSQL's rules where they differ from SQLite's, nil where they agree
    /// (the caller reads it by SQLite's rules then).
    mutating func nextPostgresToken() -> SQLToken? {
        let start = index
        let first = bytes[index]
        let second = byte(after: 1)
        switch first {
        case UInt8(ascii: "/") where second == UInt8(ascii: "*"):
            advance()
            advance()
            let closed = skipNestedComment()
            return token(.comment, from: start, closed: closed)
        case UInt8(ascii: "E"), UInt8(ascii: "e"):
            guard second == UInt8(ascii: "'") else { return nil }
            advance()
            advance()
            let closed = skipEscapedString()
            return token(.string, from: start, closed: closed)
        case UInt8(ascii: "U"), UInt8(ascii: "u"):
            guard second == UInt8(ascii: "&"), let quote = byte(after: 2), quote == UInt8(ascii: "'") || quote == UInt8(ascii: "\"")
            else {
                return nil
            }
            advance()
            advance()
            advance()
            let closed = skipQuoted(quote)
            return token(quote == UInt8(ascii: "'") ? .string : .quotedName, from: start, closed: closed)
        case UInt8(ascii: "N"), UInt8(ascii: "n"), UInt8(ascii: "B"), UInt8(ascii: "b"), UInt8(ascii: "X"), UInt8(ascii: "x"):
            guard second == UInt8(ascii: "'") else { return nil }
            advance()
            advance()
            let closed = skipQuoted(UInt8(ascii: "'"))
            return token(.string, from: start, closed: closed)
        case UInt8(ascii: "$"):
            advance()
            if let second, Self.isDigit(second) {
                skip(while: Self.isDigit)
                return token(.parameter, from: start, closed: true)
            }
            guard let tag = dollarTag() else {
                return token(.operator, from: start, closed: true)
            }
            let closed = skipPastDelimiter(tag)
            return token(.string, from: start, closed: closed)
        case UInt8(ascii: "["), UInt8(ascii: "`"), UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "#"):
            advance()
            return token(.operator, from: start, closed: true)
        default:
            return nil
        }
    }

    /// The token from `start` to the scanner's position. Skip first, into a local: in
    /// `token(…, closed: skip())` the scanner is copied for the call before `skip()` moves it.
    private func token(_ kind: SQLToken.Kind, from start: String.Index, closed: Bool) -> SQLToken {
        SQLToken(kind: kind, range: start..<index, isClosed: closed)
    }

    /// The byte `offset` places after the scanner's position, nil past the end.
    private func byte(after offset: Int) -> UInt8? {
        guard let position = bytes.index(index, offsetBy: offset, limitedBy: bytes.endIndex), position < bytes.endIndex else {
            return nil
        }
        return bytes[position]
    }

    /// Past the `*/` that closes a block comment whose `/*` was just read, counting the ones
    /// opened inside it; false when the text ends first.
    private mutating func skipNestedComment() -> Bool {
        var depth = 1
        while let current = peek {
            advance()
            if current == UInt8(ascii: "*"), peek == UInt8(ascii: "/") {
                advance()
                depth -= 1
                if depth == 0 {
                    return true
                }
            } else if current == UInt8(ascii: "/"), peek == UInt8(ascii: "*") {
                advance()
                depth += 1
            }
        }
        return false
    }

    /// Past the `'` that closes an `E'…'` string: a backslash takes the byte after it, a doubled
    /// quote is one inside; false when the text ends first.
    private mutating func skipEscapedString() -> Bool {
        while let current = peek {
            advance()
            if current == UInt8(ascii: "\\") {
                if peek != nil {
                    advance()
                }
            } else if current == UInt8(ascii: "'") {
                guard peek == UInt8(ascii: "'") else {
                    return true
                }
                advance()
            }
        }
        return false
    }

    /// After a `$`: the rest of a dollar quote's opening delimiter (an optional tag and the closing
    /// `$`), read; the whole delimiter (`$tag$`) returned. Nil, with nothing read, when what
    /// follows is no delimiter.
    private mutating func dollarTag() -> [UInt8]? {
        var lookahead = index
        var tag: [UInt8] = [UInt8(ascii: "$")]
        while lookahead < bytes.endIndex {
            let current = bytes[lookahead]
            if current == UInt8(ascii: "$") {
                tag.append(current)
                index = bytes.index(after: lookahead)
                return tag
            }
            let startsTag = tag.count == 1
            guard Self.isWordByte(current), current != UInt8(ascii: "$"), !(startsTag && Self.isDigit(current)) else {
                return nil
            }
            tag.append(current)
            lookahead = bytes.index(after: lookahead)
        }
        return nil
    }

    /// Past the next occurrence of `delimiter`; false (at the end of the text) when there is none.
    private mutating func skipPastDelimiter(_ delimiter: [UInt8]) -> Bool {
        var matched = 0
        while let current = peek {
            advance()
            if current == delimiter[matched] {
                matched += 1
                if matched == delimiter.count {
                    return true
                }
            } else {
                matched = current == delimiter[0] ? 1 : 0
            }
        }
        return false
    }
}
