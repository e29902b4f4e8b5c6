import ORMShared

extension SQLToken.Dialect {
    /// PostgreSQL's, with `standard_conforming_strings` on (the default since 9.1): `'…'`;
    /// `E'…'` with backslash escapes; `U&'…'`, `N'…'`, `B'…'` and `X'…'` (bit strings, not blobs);
    /// dollar-quoted strings (`$$…$$`, `$body$…$body$`) that may hold anything, semicolons and
    /// quotes included; `"…"` and `U&"…"` names; block comments that nest; `$1` parameters (and
    /// `?`, which ORMCore numbers before preparing, see ``SQLToken/numberingParameters(in:)``);
    /// `[`, `` ` ``, `:`, `@` and `#` are operators. Unquoted names fold to lower case.
    package static let postgres = SQLToken.Dialect(name: "postgres", foldsUnquotedNames: true) { scanner in
        scanner.nextPostgresToken()
    }
}

extension SQLToken {
    /// `text` for PostgreSQL: every bare `?` parameter written `$1`, `$2`… in order, and the number
    /// of parameters the statement takes (the highest `$n` once numbered). A `?` inside a string,
    /// a name or a comment stays as it is; so does one written `?N`. PostgreSQL's `jsonb` operators
    /// `?`, `?|` and `?&` cannot be written in ORMCore's SQL for that reason: call `jsonb_exists`,
    /// `jsonb_exists_any` and `jsonb_exists_all` instead.
    ///
    /// The one translation of SQL text on PostgreSQL: a statement is written with ORMCore's `?`
    /// placeholders (the convention a user's statements follow, `Database.execute` and the like);
    /// nothing else in the text is changed. What ORMCore generates differently for PostgreSQL (a
    /// long list's `= ANY`, a key's identity) is written for it from values in the first place
    /// (``SQLDialectRules``, ``SQL/rendered(in:)``).
    static func numberingParameters(in text: String) -> (text: String, count: Int) {
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        var next = 1
        var highest = 0
        for token in tokens(in: text, dialect: .postgres) {
            let piece = text[token.range]
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
        return (result, highest)
    }
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
