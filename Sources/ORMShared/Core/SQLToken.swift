/// One token of SQL text, as SQLite's own tokenizer cuts it (or PostgreSQL's, see
/// ``SQLToken/Dialect``): the one place ORMCore and reef decide what is a string, a quoted name, a
/// comment or a parameter (see ``SQLToken/tokens(in:dialect:)``).
///
/// ```swift
/// SQLToken.tokens(in: "a = 'it''s' -- why?").map(\.kind)
/// // [.word, .space, .operator, .space, .string, .space, .comment]
/// ```
package struct SQLToken: Sendable, Hashable {
    /// What a token is.
    package enum Kind: Sendable, Hashable {
        /// Blanks: space, tab, line feed, form feed, carriage return.
        case space
        /// `-- …` up to the end of the line (not including it), or `/* … */`.
        case comment
        /// `'…'`, a quote inside doubled.
        case string
        /// `X'…'`: a blob literal.
        case blob
        /// A name or keyword written bare: `select`, `name`, `_x1`, `Zoë`.
        case word
        /// A name in `"…"`, `` `…` `` or `[…]`.
        case quotedName
        /// `12`, `1.5e3`, `.5`, `0x1F`.
        case number
        /// `?`, `?3`, `:name`, `@name`, `$name`, `#name`.
        case parameter
        /// `;`.
        case semicolon
        /// `(`.
        case openParenthesis
        /// `)`.
        case closeParenthesis
        /// Any other character: an operator or punctuation (`=`, `,`, `.`, `||`, `<=`…).
        case `operator`
    }

    /// What the token is.
    package let kind: Kind
    /// Where it is in the text.
    package let range: Range<String.Index>
    /// False for a string, quoted name or block comment that the text ends inside of (SQLite reads
    /// those to the end of the text).
    package let isClosed: Bool

    /// Whether the token is one SQLite skips: blanks and comments.
    package var isTrivia: Bool {
        kind == .space || kind == .comment
    }

    /// The content of a closed string or quoted name in `text`, without its delimiters and with
    /// doubled quotes made single (`'it''s'` → `it's`, `[a b]` → `a b`); the token's text as it is
    /// for any other token.
    package func unquoted(in text: String) -> String {
        let piece = text[range].utf8
        guard isClosed, kind == .string || kind == .quotedName, let open = piece.first, piece.count >= 2 else {
            return String(text[range])
        }
        let inner = piece.dropFirst().dropLast()
        guard open != UInt8(ascii: "[") else {
            return String(decoding: inner, as: UTF8.self)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(inner.count)
        var skipNext = false
        for byte in inner {
            if skipNext {
                skipNext = false
                continue
            }
            bytes.append(byte)
            skipNext = byte == open
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The tokens of `text`, in order, covering all of it.
    package static func tokens(in text: String, dialect: Dialect = .sqlite) -> [SQLToken] {
        var tokens: [SQLToken] = []
        var scanner = Scanner(text, dialect: dialect)
        while let token = scanner.next() {
            tokens.append(token)
        }
        return tokens
    }

    /// Walks the text's UTF-8 bytes. Every token starts and ends at an ASCII byte or an end of the
    /// text (bytes from 0x80 on only occur inside words, strings, names and comments), so its
    /// range always falls on character boundaries.
    package struct Scanner: IteratorProtocol {
        package let bytes: String.UTF8View
        package var index: String.Index
        /// Whose rules cut the text.
        package let dialect: Dialect

        /// A scanner at the start of `text`, cutting it by `dialect`'s rules.
        package init(_ text: String, dialect: Dialect = .sqlite) {
            bytes = text.utf8
            index = bytes.startIndex
            self.dialect = dialect
        }

        /// The next token, nil at the end.
        package mutating func next() -> SQLToken? {
            guard index < bytes.endIndex else {
                return nil
            }
            if let ownToken = dialect.ownToken, let token = ownToken(&self) {
                return token
            }
            let start = index
            let first = bytes[index]
            advance()
            var closed = true
            let kind: Kind
            switch first {
            case 0x20, 0x09, 0x0A, 0x0C, 0x0D:
                skip { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0C || $0 == 0x0D }
                kind = .space
            case UInt8(ascii: "-") where peek == UInt8(ascii: "-"):
                skip { $0 != 0x0A }
                kind = .comment
            case UInt8(ascii: "/") where peek == UInt8(ascii: "*"):
                advance()
                closed = skipPast(UInt8(ascii: "*"), UInt8(ascii: "/"))
                kind = .comment
            case UInt8(ascii: "'"):
                closed = skipQuoted(UInt8(ascii: "'"))
                kind = .string
            case UInt8(ascii: "\""), UInt8(ascii: "`"):
                closed = skipQuoted(first)
                kind = .quotedName
            case UInt8(ascii: "["):
                closed = skipPast(UInt8(ascii: "]"), nil)
                kind = .quotedName
            case _ where (first == UInt8(ascii: "x") || first == UInt8(ascii: "X")) && peek == UInt8(ascii: "'"):
                advance()
                closed = skipQuoted(UInt8(ascii: "'"))
                kind = .blob
            case UInt8(ascii: "?"):
                skip(while: Self.isDigit)
                kind = .parameter
            case _ where Self.isParameterMark(first) && (peek.map(Self.isWordByte) ?? false):
                skip(while: Self.isWordByte)
                kind = .parameter
            case UInt8(ascii: "."):
                if peek.map(Self.isDigit) ?? false {
                    skipNumber(afterPoint: true)
                    kind = .number
                } else {
                    kind = .operator
                }
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if first == UInt8(ascii: "0"), peek == UInt8(ascii: "x") || peek == UInt8(ascii: "X") {
                    advance()
                    skip(while: Self.isWordByte)
                } else {
                    skipNumber(afterPoint: false)
                }
                kind = .number
            case UInt8(ascii: ";"):
                kind = .semicolon
            case UInt8(ascii: "("):
                kind = .openParenthesis
            case UInt8(ascii: ")"):
                kind = .closeParenthesis
            case _ where Self.isWordByte(first):
                skip(while: Self.isWordByte)
                kind = .word
            default:
                kind = .operator
            }
            return SQLToken(kind: kind, range: start..<index, isClosed: closed)
        }

        // MARK: - Helpers

        package var peek: UInt8? {
            index < bytes.endIndex ? bytes[index] : nil
        }

        package mutating func advance() {
            index = bytes.index(after: index)
        }

        package mutating func skip(while belongs: (UInt8) -> Bool) {
            while let byte = peek, belongs(byte) {
                advance()
            }
        }

        /// Skips past `end` (and `second` right after it, when given); false when the text ends first.
        mutating func skipPast(_ end: UInt8, _ second: UInt8?) -> Bool {
            while let byte = peek {
                advance()
                if byte == end {
                    guard let second else {
                        return true
                    }
                    if peek == second {
                        advance()
                        return true
                    }
                }
            }
            return false
        }

        /// Skips past the closing `quote`, a doubled quote being one inside; false when the text
        /// ends first.
        package mutating func skipQuoted(_ quote: UInt8) -> Bool {
            while let byte = peek {
                advance()
                if byte == quote {
                    if peek == quote {
                        advance()
                    } else {
                        return true
                    }
                }
            }
            return false
        }

        /// Digits, a fraction and an exponent, as SQLite reads a number.
        private mutating func skipNumber(afterPoint: Bool) {
            skip(while: Self.isDigit)
            if !afterPoint, peek == UInt8(ascii: ".") {
                advance()
                skip(while: Self.isDigit)
            }
            guard peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") else {
                return
            }
            var lookahead = bytes.index(after: index)
            if lookahead < bytes.endIndex, bytes[lookahead] == UInt8(ascii: "+") || bytes[lookahead] == UInt8(ascii: "-") {
                lookahead = bytes.index(after: lookahead)
            }
            guard lookahead < bytes.endIndex, Self.isDigit(bytes[lookahead]) else {
                return
            }
            index = lookahead
            skip(while: Self.isDigit)
        }

        /// `:`, `@`, `$` or `#`, which start a named parameter.
        private static func isParameterMark(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: ":") || byte == UInt8(ascii: "@") || byte == UInt8(ascii: "$") || byte == UInt8(ascii: "#")
        }

        package static func isDigit(_ byte: UInt8) -> Bool {
            byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
        }

        /// A byte of a bare name: letters, digits, `_`, `$`, and every byte of a non-ASCII character.
        package static func isWordByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), 0x80...:
                true
            default:
                false
            }
        }
    }

    /// Makes one from each of its stored properties (the memberwise initialiser, for the drivers).
    package init(kind: Kind, range: Range<String.Index>, isClosed: Bool) {
        self.kind = kind
        self.range = range
        self.isClosed = isClosed
    }
}
