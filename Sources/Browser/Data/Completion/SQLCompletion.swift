import ORMCore

/// What the word at the cursor of the SQL or filter prompt may become: the candidates, and the
/// part of the text the chosen one replaces.
///
/// The text is read with ORMCore's tokenizer (``SQLToken``), so the cursor in a string, a comment,
/// a number or a parameter gets no completion. Where a table name goes (after `FROM`, `JOIN`,
/// `INTO`, `UPDATE`, `TABLE`, a `,` of a `FROM` list) the tables and views are offered; after
/// `name.`, the columns of that table or alias, or the tables of that schema; after
/// `schema.table.`, that table's columns; elsewhere the columns of the tables the statement
/// names (and, in a filter, of the table filtered), then tables (not in a filter), functions and
/// keywords. The statement's `WITH` queries count as tables, with the columns they list.
///
/// ```swift
/// SQLCompletion.complete("select ti from albums", cursor: 9, schema: schema)?.candidates.map(\.name)
/// // ["title"]
/// ```
struct SQLCompletion: Equatable {
    /// The characters of the text (offsets from its start) that the chosen candidate replaces.
    var range: Range<Int>
    /// What is typed of the word, without a quote that opens it.
    var prefix: String
    /// The matching candidates, in the order listed: columns, tables, views, functions, keywords.
    var candidates: [CompletionCandidate]

    /// Keywords after which a table name goes.
    private static let tableKeywords: Set = ["FROM", "JOIN", "INTO", "UPDATE", "TABLE"]
    /// Keywords that start a clause: a `,` in the `FROM` clause separates tables.
    private static let clauseKeywords: Set = [
        "SELECT", "FROM", "JOIN", "WHERE", "GROUP", "ORDER", "HAVING", "SET", "ON", "USING", "VALUES", "LIMIT",
        "UPDATE", "INTO", "RETURNING", "WINDOW",
    ]

    /// The completion at `cursor` (in characters) of `text`, or nil with why when there is none
    /// to offer there (in a string, a comment, a number).
    ///
    /// - Parameter filter: whether `text` is a filter of ``CompletionSchema/currentTable``.
    static func complete(_ text: String, cursor: Int, schema: CompletionSchema, filter: Bool = false)
        -> Result<SQLCompletion, Refusal>
    {
        let cursorIndex = text.index(text.startIndex, offsetBy: min(max(0, cursor), text.count))
        let tokens = statementTokens(of: text, around: cursorIndex)
        let word: Word
        switch Self.word(at: cursorIndex, in: tokens, text: text) {
        case .success(let found): word = found
        case .failure(let refusal): return .failure(refusal)
        }
        let significant = tokens.filter { !$0.isTrivia }
        let before = significant.filter { $0.range.upperBound <= word.start }
        let schema = schema.adding(commonTables(significant, text: text))
        let named = namedTables(significant, text: text, schema: schema)
        // Names are matched before candidates are made: a schema may have ten thousand tables.
        let folded = word.prefix.lowercased()
        let matches = { (name: String) in name.lowercased().hasPrefix(folded) }
        var candidates: [CompletionCandidate] = []
        if let owner = schemaTable(before: before, text: text),
           let found = schema.schemaTables(owner.schema).flatMap({ Self.table(named: owner.table, among: $0) }) {
            // `schema.table.` gives the columns of that schema's table.
            candidates = columns(of: [CompletionSchema.qualified(owner.schema, found)], schema: schema, matching: matches)
        } else if before.count >= 2, text[before[before.count - 1].range] == ".",
           [.word, .quotedName].contains(before[before.count - 2].kind) {
            // `alias.` and `table.` give columns; `schema.` where a table goes (or naming no
            // table) gives that schema's tables.
            let qualifier = before[before.count - 2].unquoted(in: text)
            let alias = named.aliases[qualifier.lowercased()]
            let table = alias ?? schema.table(named: qualifier)
            let tableSlot = isTableSlot(Array(before.dropLast(2)), text: text)
            if let table, alias != nil || !tableSlot {
                candidates = columns(of: [table], schema: schema, matching: matches)
            } else if let others = schema.schemaTables(qualifier) {
                var inSchema = schema
                inSchema.tables = others
                inSchema.commonTables = []
                candidates = tables(inSchema, matching: matches)
            } else {
                candidates = table.map { columns(of: [$0], schema: schema, matching: matches) } ?? []
            }
        } else if isTableSlot(before, text: text) {
            candidates = tables(schema, matching: matches)
        } else {
            var schema = schema
            var sources = named.tables
            if filter, let current = schema.currentTable {
                // The filtered grid's own columns, with those of tables a subquery names.
                let known = schema.columns
                let own = schema.currentColumns
                schema.columns = { $0 == current ? own : known($0) }
                sources.removeAll { $0 == current }
                sources.insert(current, at: 0)
            }
            // A filter's own table is known: tables are offered where a subquery names one.
            candidates = columns(of: sources, schema: schema, matching: matches) + (filter ? [] : tables(schema, matching: matches))
            if !word.quoted {
                candidates += functions(schema, prefix: word.prefix).filter { matches($0.name) }
                    + keywords(prefix: word.prefix).filter { matches($0.name) }
            }
        }
        var seen: Set<String> = []
        let matching = candidates.filter { candidate in
            seen.insert(candidate.insertion).inserted
        }.map { candidate in
            var quoted = candidate
            if word.quoted && candidate.kind != .function && candidate.kind != .keyword {
                quoted.insertion = quoteIdentifier(candidate.name)
            }
            return quoted
        }
        let start = text.distance(from: text.startIndex, to: word.start)
        let end = text.distance(from: text.startIndex, to: word.end)
        return .success(SQLCompletion(range: start..<end, prefix: word.prefix, candidates: matching))
    }

    /// Why there is nothing to complete at the cursor.
    enum Refusal: Error, Equatable {
        /// In a string or blob literal.
        case inString
        /// In a comment.
        case inComment
        /// In a number or a parameter.
        case inNumber

        /// The note the prompt shows.
        var note: String {
            switch self {
            case .inString: "no completion inside a string"
            case .inComment: "no completion inside a comment"
            case .inNumber: "no completion in a number"
            }
        }
    }

    /// Whether `name` must be quoted to be read as a name: anything but ASCII letters, digits and
    /// `_` (not starting with a digit), or a keyword.
    static func needsQuoting(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else {
            return true
        }
        let bare = name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_")
        }
        return !bare || SQLKeywords.contains(name)
    }

    // MARK: - The word at the cursor

    /// The word being completed: where it starts and ends, and what is typed of it.
    private struct Word {
        var start: String.Index
        var end: String.Index
        var prefix: String
        /// Whether it opens with a quote (`"my`): only names are offered, quoted.
        var quoted: Bool
    }

    /// The tokens of the statement (between `;`) the cursor is in.
    private static func statementTokens(of text: String, around cursor: String.Index) -> ArraySlice<SQLToken> {
        let tokens = SQLToken.tokens(in: text)
        var start = 0
        var end = tokens.count
        for (index, token) in tokens.enumerated() where token.kind == .semicolon {
            if token.range.upperBound <= cursor {
                start = index + 1
            } else {
                end = index
                break
            }
        }
        return tokens[start..<max(start, end)]
    }

    /// The word the cursor is in or just after, or why there is none to complete.
    private static func word(at cursor: String.Index, in tokens: ArraySlice<SQLToken>, text: String) -> Result<Word, Refusal> {
        let empty = Word(start: cursor, end: cursor, prefix: "", quoted: false)
        guard let token = tokens.last(where: { $0.range.lowerBound < cursor }) else {
            return .success(empty)
        }
        let after = token.isClosed && token.range.upperBound == cursor
        switch token.kind {
        case .comment:
            return text[token.range].hasPrefix("/*") && after ? .success(empty) : .failure(.inComment)
        case .string, .blob:
            return after ? .success(empty) : .failure(.inString)
        case .number, .parameter:
            return .failure(.inNumber)
        case .word:
            // In the middle of a word the whole word is replaced: `ti|tle` completes to `title`.
            return .success(Word(start: token.range.lowerBound, end: token.range.upperBound,
                                 prefix: String(text[token.range.lowerBound..<cursor]), quoted: false))
        case .quotedName:
            if after {
                return .success(empty)
            }
            let open = text[token.range.lowerBound]
            let typed = text[text.index(after: token.range.lowerBound)..<cursor]
            var prefix = ""
            var previousWasQuote = false
            for character in typed {
                // A doubled quote inside the name is one.
                if open != "[" && character == open && previousWasQuote {
                    previousWasQuote = false
                    continue
                }
                previousWasQuote = character == open
                prefix.append(character)
            }
            return .success(Word(start: token.range.lowerBound, end: token.isClosed ? token.range.upperBound : cursor,
                                 prefix: prefix, quoted: true))
        default:
            return .success(empty)
        }
    }

    // MARK: - What the statement names

    /// Whether the word after `before` is where a table name goes.
    private static func isTableSlot(_ before: [SQLToken], text: String) -> Bool {
        guard let last = before.last else {
            return false
        }
        if last.kind == .word {
            return tableKeywords.contains(text[last.range].uppercased())
        }
        guard text[last.range] == "," else {
            return false
        }
        let clause = before.last { $0.kind == .word && clauseKeywords.contains(text[$0.range].uppercased()) }
        return clause.map { text[$0.range].uppercased() == "FROM" } ?? false
    }

    /// The tables of the schema the statement names (in order), and its aliases (lower case) of them.
    private static func namedTables(_ tokens: [SQLToken], text: String, schema: CompletionSchema)
        -> (tables: [String], aliases: [String: String])
    {
        var tables: [String] = []
        var aliases: [String: String] = [:]
        for index in tokens.indices where [.word, .quotedName].contains(tokens[index].kind) {
            guard isTableSlot(Array(tokens[..<index]), text: text) else {
                continue
            }
            var nameIndex = index
            // schema.table: the table is after the dot.
            if nameIndex + 2 < tokens.count, text[tokens[nameIndex + 1].range] == ".",
               [.word, .quotedName].contains(tokens[nameIndex + 2].kind) {
                nameIndex += 2
            }
            let name = tokens[nameIndex].unquoted(in: text)
            let table: String
            if let found = schema.table(named: name) {
                table = found
            } else if nameIndex == index + 2, let others = schema.schemaTables(tokens[index].unquoted(in: text)),
                      let other = Self.table(named: name, among: others) {
                // A table of another schema: its columns are read by schema and name.
                table = CompletionSchema.qualified(tokens[index].unquoted(in: text), other)
            } else {
                continue
            }
            if !tables.contains(table) {
                tables.append(table)
            }
            var aliasIndex = nameIndex + 1
            if aliasIndex < tokens.count, text[tokens[aliasIndex].range].uppercased() == "AS" {
                aliasIndex += 1
            }
            if aliasIndex < tokens.count, tokens[aliasIndex].kind == .quotedName
                || (tokens[aliasIndex].kind == .word && !SQLKeywords.contains(text[tokens[aliasIndex].range])) {
                aliases[tokens[aliasIndex].unquoted(in: text).lowercased()] = table
            }
        }
        return (tables, aliases)
    }

    /// The schema and table of a `schema.table.` just before the word (`other.gadgets.`), nil
    /// when the word follows no such name.
    private static func schemaTable(before: [SQLToken], text: String) -> (schema: String, table: String)? {
        let count = before.count
        guard count >= 4, text[before[count - 1].range] == ".", text[before[count - 3].range] == ".",
              [.word, .quotedName].contains(before[count - 2].kind), [.word, .quotedName].contains(before[count - 4].kind)
        else {
            return nil
        }
        return (before[count - 4].unquoted(in: text), before[count - 2].unquoted(in: text))
    }

    /// The name of the table of `tables` matching `name` (exactly, else ignoring case).
    private static func table(named name: String, among tables: [(name: String, isView: Bool)]) -> String? {
        (tables.first { $0.name == name } ?? tables.first { $0.name.equalsIgnoringCase(name) })?.name
    }

    // MARK: - Candidates

    /// The columns of `tables`, each once, with the tables that have it.
    private static func columns(of tables: [String], schema: CompletionSchema, matching: (String) -> Bool)
        -> [CompletionCandidate]
    {
        var sources: [String: [String]] = [:]
        var order: [String] = []
        for table in tables {
            for column in schema.columns(ofNamed: table) ?? [] where matching(column) {
                if sources[column] == nil {
                    order.append(column)
                }
                sources[column, default: []].append(table.replacing(CompletionSchema.qualifierMark, with: "."))
            }
        }
        return sorted(order.map { column in
            CompletionCandidate(name: column, insertion: needsQuoting(column) ? quoteIdentifier(column) : column,
                                kind: .column, source: (sources[column] ?? []).joined(separator: ", "))
        })
    }

    /// The `WITH` queries, then the tables and views, whose names match.
    private static func tables(_ schema: CompletionSchema, matching: (String) -> Bool) -> [CompletionCandidate] {
        let all = sorted(schema.tables.filter { matching($0.name) }.map { table in
            let kind: CompletionCandidate.Kind = schema.commonTables.contains(table.name) ? .commonTable
                : table.isView ? .view : .table
            return CompletionCandidate(name: table.name,
                                       insertion: needsQuoting(table.name) ? quoteIdentifier(table.name) : table.name,
                                       kind: kind)
        })
        return all.filter { $0.kind == .commonTable } + all.filter { $0.kind != .commonTable }
    }

    /// The statement's `WITH` queries (`WITH name AS (`, `, name(a, b) AS (`), with the columns
    /// they name (none when they name none).
    private static func commonTables(_ tokens: [SQLToken], text: String) -> [(name: String, columns: [String])] {
        var found: [(name: String, columns: [String])] = []
        for index in tokens.indices.dropFirst() where [.word, .quotedName].contains(tokens[index].kind) {
            let previous = text[tokens[index - 1].range].uppercased()
            guard previous == "WITH" || previous == "RECURSIVE" || previous == "," else {
                continue
            }
            var next = index + 1
            var columns: [String] = []
            if next < tokens.count, tokens[next].kind == .openParenthesis {
                next += 1
                while next < tokens.count, tokens[next].kind != .closeParenthesis {
                    if [.word, .quotedName].contains(tokens[next].kind) {
                        columns.append(tokens[next].unquoted(in: text))
                    }
                    next += 1
                }
                next += 1
            }
            guard next + 1 < tokens.count, text[tokens[next].range].uppercased() == "AS" else {
                continue
            }
            let body = tokens[next + 1]
            if body.kind == .openParenthesis || ["NOT", "MATERIALIZED"].contains(text[body.range].uppercased()) {
                found.append((tokens[index].unquoted(in: text), columns))
            }
        }
        return found
    }

    /// The functions, with `(`, in the case of `prefix` (lower case unless it is upper case).
    private static func functions(_ schema: CompletionSchema, prefix: String) -> [CompletionCandidate] {
        let upper = isUpperCase(prefix)
        return schema.functions.sorted().map { name in
            CompletionCandidate(name: name, insertion: (upper ? name.uppercased() : name.lowercased()) + "(", kind: .function)
        }
    }

    /// The keywords, in the case of `prefix` (upper case unless it is lower case).
    private static func keywords(prefix: String) -> [CompletionCandidate] {
        let lower = !prefix.isEmpty && prefix == prefix.lowercased()
        return SQLKeywords.all.map { keyword in
            CompletionCandidate(name: keyword, insertion: lower ? keyword.lowercased() : keyword, kind: .keyword)
        }
    }

    /// Whether `text` has letters and all of them upper case.
    private static func isUpperCase(_ text: String) -> Bool {
        text != text.lowercased() && text == text.uppercased()
    }

    /// By kind, then by name ignoring case.
    private static func sorted(_ candidates: [CompletionCandidate]) -> [CompletionCandidate] {
        candidates.map { (key: $0.name.lowercased(), candidate: $0) }.sorted { left, right in
            left.key != right.key ? left.key < right.key : left.candidate.name < right.candidate.name
        }.map(\.candidate)
    }
}
