/// Rewrites the names in a query's text (conditions, sort keys, the expressions of aggregates):
/// dot-notation paths through to-one relationships (`department.location.city`) become qualified
/// columns of LEFT JOINed tables, at any depth; bare columns of the root entity are qualified once
/// something is joined; and on PostgreSQL, where a name's case matters, a name of a column of the
/// root or a joined entity, or of one of those tables, means what it means on SQLite (which
/// compares names without regard to ASCII case): it is written as the entity spells it, quoted.
/// Strings, comments and every other token are left as they are.
struct PathResolver {
    package let root: EntityDescription
    /// The entities joined with `joinTo`, in order.
    package let joined: [EntityDescription]
    /// Whether a bare column of the root entity is written `"root"."column"`.
    let qualifies: Bool
    /// Whether names are written as the entities spell them (PostgreSQL).
    let spellsNames: Bool
    /// Whose lexical rules cut the text.
    package let dialect: SQLToken.Dialect
    package private(set) var joins: [String] = []
    private var aliases: [String: (alias: String, entity: EntityDescription)] = [:]

    init(root: EntityDescription, joined: [EntityDescription], qualifies: Bool, dialect: SQLDialect) {
        self.root = root
        self.joined = joined
        self.qualifies = qualifies
        spellsNames = dialect.rules.namesAreCaseSensitive
        self.dialect = dialect.tokenDialect
    }

    /// The text with every relationship path replaced by `"alias"."column"` and names resolved as
    /// the type says.
    package mutating func rewrite(_ text: String) throws -> String {
        try rewriteTyped(text).text
    }

    /// The text rewritten as ``rewrite(_:)-(String)`` writes it, and what typing read in it.
    /// `lists`, the long lists of the SQL `text` is of, are copied as they are (their tests are
    /// ORMCore's, holding no names) and come back where they stand in the new text.
    mutating func rewriteTyped(_ text: String, lists: [SQL.LongList] = []) throws
        -> (text: String, typing: Typing, lists: [SQL.LongList])
    {
        let tokens = SQLToken.tokens(in: text, dialect: dialect)
        let typing = try self.typing(of: tokens, in: text)
        var output = ""
        var moved: [SQL.LongList] = []
        var pending = lists[...]
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if let list = pending.first, text.utf8.distance(from: text.startIndex, to: token.range.lowerBound) >= list.range.lowerBound {
                pending.removeFirst()
                let utf8 = text.utf8
                let end = utf8.index(utf8.startIndex, offsetBy: list.range.upperBound)
                let start = output.utf8.count
                output += text[token.range.lowerBound..<end]
                var copy = list
                copy.range = start..<output.utf8.count
                moved.append(copy)
                while index < tokens.count, tokens[index].range.lowerBound < end { index += 1 }
                continue
            }
            if let literal = typing.literals[index] {
                output += literal
                index += 1
                continue
            }
            guard Self.segment(token, in: text) != nil else {
                output += text[token.range]
                index += 1
                continue
            }
            let (segments, end) = Self.readPath(tokens, from: index, in: text)
            let original = String(text[token.range.lowerBound..<tokens[end - 1].range.upperBound])
            let next = tokens[end...].first { !$0.isTrivia }
            if index > 0, Self.continuesPrevious(tokens[index - 1], in: text) {
                output += original  // part of something already written (a qualified name, a number, a cast)
                index = end
                continue
            }
            let resolved = try resolve(segments, original: original, followedByParenthesis: next?.kind == .openParenthesis)
            if typing.truths.contains(index) {
                output += "(\(resolved) <> 0)"
            } else {
                output += typing.reals.contains(index) ? "CAST(\(resolved) AS REAL)" : resolved
            }
            index = end
        }
        return (output, typing, moved)
    }

    /// On PostgreSQL, `condition` whole when it is a number or one column that stores numbers
    /// (SQLite takes any value but 0 for true, PostgreSQL wants a boolean): `(… <> 0)`.
    ///
    /// - Throws: ``ORMError/invalidQuery(_:)``, on both databases, when the condition is one
    ///   column that stores neither numbers nor truth values (text, dates…): SQLite would read it
    ///   as a number, PostgreSQL refuses it.
    func truth(of condition: String, rewritten: String) throws -> String {
        let all = SQLToken.tokens(in: condition, dialect: dialect)
        var tokens = all.filter { !$0.isTrivia }[...]
        // `(stock)`, as a typed filter comes: parentheses that do not match leave no single name.
        while tokens.count > 2, tokens.first?.kind == .openParenthesis, tokens.last?.kind == .closeParenthesis {
            tokens = tokens.dropFirst().dropLast()
        }
        // A line comment at the end would swallow what follows on its line.
        let compared = all.contains { $0.kind == .comment } ? "(\(rewritten)\n<> 0)" : "(\(rewritten) <> 0)"
        if tokens.count == 1, tokens.first?.kind == .number {
            return spellsNames ? compared : rewritten
        }
        guard let first = tokens.first, Self.segment(first, in: condition) != nil else { return rewritten }
        let (segments, end) = Self.readPath(Array(tokens), from: 0, in: condition)
        guard end == tokens.count, let type = storedType(of: segments) else { return rewritten }
        if !Self.isTruth(type) {
            throw Self.usedAsCondition(segments.map(\.written).joined(separator: "."), storing: type)
        }
        guard spellsNames, type == .integer || type == .double else { return rewritten }
        return compared
    }

    /// A name the builder takes as a parameter (`orderBy`, `distinct`, `sum`, `groupBy`) that is a
    /// column of the root or a joined entity, written quoted as the entity spells it (qualified
    /// when the query qualifies); nil for anything else, an expression or a path.
    package func column(_ parameter: String) -> String? {
        let name = parameter.trimmedWhitespace
        if let column = root.column(named: name) {
            return qualifies ? "\(quoteIdentifier(root.table)).\(quoteIdentifier(column))" : quoteIdentifier(column)
        }
        for entity in joined {
            if let column = entity.column(named: name) { return quoteIdentifier(column) }
        }
        return nil
    }

    private mutating func resolve(_ segments: [Segment], original: String, followedByParenthesis: Bool)
        throws -> String
    {
        if segments.count == 1 {
            return resolveBare(segments[0], followedByParenthesis: followedByParenthesis)
        }
        if let table = table(named: segments[0].name) {
            // A table of the query: SQLite's meaning whatever the case, PostgreSQL's exact names.
            guard spellsNames, segments.count == 2 else { return original }
            let column = self.column(of: table, named: segments[1]).map(quoteIdentifier) ?? segments[1].written
            return "\(quoteIdentifier(table.table)).\(column)"
        }
        guard root.relationship(named: segments[0].name) != nil else { return original }
        var entity = root
        var alias = root.table
        var path = ""
        for segment in segments.dropLast() {
            guard let relationship = entity.relationship(named: segment.name), let target = relationship.target() else {
                throw ORMError.invalidQuery("\(segment.name) in \(original) is not a to-one relationship of \(entity.table)")
            }
            path += "." + relationship.column
            if let known = aliases[path] {
                alias = known.alias
                entity = known.entity
                continue
            }
            let next = "orm_path_\(aliases.count + 1)"
            joins.append(
                "LEFT JOIN \(quoteIdentifier(target.table)) AS \(quoteIdentifier(next)) ON "
                    + "\(quoteIdentifier(next)).\(quoteIdentifier(relationship.targetColumn)) = "
                    + "\(quoteIdentifier(alias)).\(quoteIdentifier(relationship.column))")
            aliases[path] = (next, target)
            alias = next
            entity = target
        }
        let last = segments[segments.count - 1]
        return "\(quoteIdentifier(alias)).\(quoteIdentifier(self.column(of: entity, named: last) ?? last.name))"
    }

    /// A name alone: a column of the root entity qualified when the query qualifies; on
    /// PostgreSQL a column of the root or a joined entity spelled as the entity spells it. Keywords
    /// and function names written without quotes are left alone.
    private func resolveBare(_ segment: Segment, followedByParenthesis: Bool) -> String {
        guard !followedByParenthesis, segment.isQuoted || !Self.keywords.contains(segment.name.uppercased()) else {
            return segment.written
        }
        if let column = self.column(of: root, named: segment) {
            if qualifies { return "\(quoteIdentifier(root.table)).\(quoteIdentifier(column))" }
            return spelled(segment, as: column)
        }
        guard spellsNames else { return segment.written }
        for entity in joined {
            if let column = self.column(of: entity, named: segment) { return spelled(segment, as: column) }
        }
        return segment.written
    }

    /// `segment` as written when PostgreSQL reads it as `name` (a quoted name as it is, a bare one
    /// folded to lower case), else `name` quoted; on SQLite always as written.
    private func spelled(_ segment: Segment, as name: String) -> String {
        guard spellsNames else { return segment.written }
        let meant = segment.isQuoted ? segment.name : segment.name.asciiLowercased
        return meant == name ? segment.written : quoteIdentifier(name)
    }

    /// What the column a name (bare, `Table.column` of the query's tables, or a dot path through
    /// relationships) stands for stores, nil when it is no such column or its type is unknown (as
    /// on SQLite for a table found at run time, whose declared affinity any value may defy: its
    /// text is SQLite's to read).
    package func storedType(of segments: [Segment]) -> StoredType? {
        guard let (entity, column) = storedColumn(of: segments),
              spellsNames || entity.storedTypesAreExact
        else { return nil }
        return entity.storedType(of: column)
    }

    /// The entity and the column (as the entity spells it) a name stands for.
    private func storedColumn(of segments: [Segment]) -> (EntityDescription, String)? {
        if segments.count == 1 {
            for entity in [root] + joined {
                if let column = self.column(of: entity, named: segments[0]) { return (entity, column) }
            }
            return nil
        }
        if let table = table(named: segments[0].name) {
            guard segments.count == 2, let column = self.column(of: table, named: segments[1]) else { return nil }
            return (table, column)
        }
        // A dot path: the last column of the entity it leads to.
        var entity = root
        for segment in segments.dropLast() {
            guard let relationship = entity.relationship(named: segment.name), let target = relationship.target() else {
                return nil
            }
            entity = target
        }
        return self.column(of: entity, named: segments[segments.count - 1]).map { (entity, $0) }
    }

    /// The column of `entity` a name in the text means: on PostgreSQL the one it reads (a bare name
    /// folded to lower case) when the entity has it (a table found there may have both `name` and
    /// `Name`), else, as on SQLite, the one equal to it but for ASCII case.
    private func column(of entity: EntityDescription, named segment: Segment) -> String? {
        if spellsNames {
            let meant = segment.isQuoted ? segment.name : segment.name.asciiLowercased
            if entity.columns.contains(meant) || entity.keyColumns.contains(meant) { return meant }
        }
        return entity.column(named: segment.name)
    }

    /// The root or joined entity whose table is `name`, compared as SQLite compares names.
    private func table(named name: String) -> EntityDescription? {
        if root.table.equalsIgnoringASCIICase(name) { return root }
        return joined.first { $0.table.equalsIgnoringASCIICase(name) }
    }

    /// SQL keywords that may stand where a column name could (an unquoted column by one of these names
    /// is taken as the keyword, as SQLite itself mostly does).
    package static let keywords: Set<String> = [
        "AND", "OR", "NOT", "IS", "NULL", "IN", "LIKE", "GLOB", "REGEXP", "MATCH", "BETWEEN", "ESCAPE", "COLLATE",
        "NOCASE", "RTRIM", "BINARY", "CASE", "WHEN", "THEN", "ELSE", "END", "EXISTS", "SELECT", "FROM", "WHERE",
        "DISTINCT", "ASC", "DESC", "TRUE", "FALSE", "CAST", "AS", "ISNULL", "NOTNULL", "CURRENT_DATE",
        "CURRENT_TIME", "CURRENT_TIMESTAMP", "LIMIT", "OFFSET", "ORDER", "BY", "GROUP", "HAVING", "NULLS", "FIRST",
        "LAST", "INTEGER", "TEXT", "REAL", "BLOB", "NUMERIC", "ROWID", "ILIKE", "SIMILAR", "ANY", "ALL", "SOME",
    ]

    /// One name of a path: as written, and unquoted.
    struct Segment {
        package let written: String
        package let name: String
        var isQuoted: Bool { written.hasPrefix("\"") }
    }

    /// The name a token gives as a path segment: a bare word, or a name in double quotes
    /// (unquoted); nil for any other token.
    static func segment(_ token: SQLToken, in text: String) -> Segment? {
        let piece = text[token.range]
        switch token.kind {
        case .word:
            return Segment(written: String(piece), name: String(piece))
        case .quotedName where piece.hasPrefix("\"") && token.isClosed:
            return Segment(written: String(piece), name: token.unquoted(in: text))
        default:
            return nil
        }
    }

    /// Whether a path right after `token` continues what it wrote (`x.`, a number, or PostgreSQL's
    /// `::` cast, with no blank between) rather than starting afresh.
    static func continuesPrevious(_ token: SQLToken, in text: String) -> Bool {
        guard token.kind == .operator else { return token.kind == .number || token.kind == .parameter }
        let piece = text[token.range]
        return piece == "." || piece == ":"
    }

    /// Reads `a.b."c d"` from `start` and returns its segments and the index of the token after it.
    static func readPath(_ tokens: [SQLToken], from start: Int, in text: String) -> ([Segment], Int) {
        var segments: [Segment] = []
        var index = start
        while index < tokens.count, let segment = segment(tokens[index], in: text) {
            segments.append(segment)
            index += 1
            guard index + 1 < tokens.count, tokens[index].kind == .operator, text[tokens[index].range] == ".",
                  Self.segment(tokens[index + 1], in: text) != nil
            else {
                break
            }
            index += 1
        }
        return (segments, index)
    }
}
