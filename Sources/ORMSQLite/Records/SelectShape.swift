import ORMShared

/// The parts of a `SELECT` typed by a person that ``PlainProjection`` rewrites, read from its
/// tokens: its result columns as written and where its `FROM` starts. Only the shape SQLite's own
/// answer is then asked about: one `SELECT` without `DISTINCT`, with no `GROUP BY`, `HAVING`,
/// `WINDOW`, compound operator, join or positional `ORDER BY` term at its top level, and one table
/// named after `FROM`. Anything else gives nil, and the statement runs as typed.
///
/// ```swift
/// SelectShape("SELECT *, length(body) AS n FROM t ORDER BY id")?.items.count  // 2
/// ```
struct SelectShape {
    /// One result column of the list, as written.
    package enum Item: Equatable {
        /// `*` or `q.*`: every column of the table.
        case all
        /// A column named alone (`data`, `t.data`, `main.t."data"`): the name's text without any
        /// alias, and the item's whole text.
        case column(name: Range<String.Index>, whole: Range<String.Index>)
        /// Any other expression, with its alias, kept as written.
        case other(Range<String.Index>)
    }

    /// The result columns, in order.
    package let items: [Item]
    /// Where the list starts (its first token) and where `FROM` starts.
    let listStart: String.Index
    let fromStart: String.Index
    /// The table named after `FROM` (its last part, unquoted).
    package let table: String
    /// The aliases given to columns named alone, which the rewrite leaves out.
    let droppedAliases: Set<String>

    /// The shape of `text`, one statement without a trailing `;`; nil when it is not of the shape above.
    init?(_ text: String) {
        let tokens = SQLToken.tokens(in: text).filter { !$0.isTrivia }
        func word(_ index: Int) -> String? {
            guard tokens.indices.contains(index), tokens[index].kind == .word else { return nil }
            return text[tokens[index].range].uppercased()
        }
        func isOperator(_ index: Int, _ symbol: String) -> Bool {
            tokens.indices.contains(index) && tokens[index].kind == .operator && text[tokens[index].range] == symbol
        }
        guard word(0) == "SELECT", word(1) != "DISTINCT" else { return nil }
        var index = word(1) == "ALL" ? 2 : 1
        guard tokens.indices.contains(index) else { return nil }
        listStart = tokens[index].range.lowerBound
        // The list, split at its top-level commas, up to the top-level FROM.
        var pieces: [Range<Int>] = []
        var depth = 0
        var start = index
        while index < tokens.count {
            switch tokens[index].kind {
            case .openParenthesis: depth += 1
            case .closeParenthesis: depth -= 1
            case .semicolon: return nil
            default: break
            }
            if depth == 0, isOperator(index, ",") {
                pieces.append(start..<index)
                start = index + 1
            } else if depth == 0, word(index) == "FROM" {
                break
            }
            index += 1
        }
        guard word(index) == "FROM", start < index else { return nil }
        pieces.append(start..<index)
        fromStart = tokens[index].range.lowerBound
        // The table: a name, perhaps after its schema.
        var nameEnd = index + 1
        guard tokens.indices.contains(nameEnd), [.word, .quotedName].contains(tokens[nameEnd].kind) else { return nil }
        if isOperator(nameEnd + 1, "."), tokens.indices.contains(nameEnd + 2) {
            nameEnd += 2
        }
        table = tokens[nameEnd].unquoted(in: text)
        // What follows: no grouping, window, compound or join; no ORDER BY term by position.
        var afterFrom: Set<String> = []
        depth = 0
        var inOrderBy = false
        var termStarts = false
        for position in (nameEnd + 1)..<max(nameEnd + 1, tokens.count) {
            let token = tokens[position]
            if token.kind == .word || token.kind == .quotedName {
                afterFrom.insert(token.unquoted(in: text).lowercased())
            }
            switch token.kind {
            case .openParenthesis: depth += 1
            case .closeParenthesis: depth -= 1
            case .semicolon: return nil
            default: break
            }
            guard depth == 0 else { continue }
            if termStarts, token.kind == .number { return nil }
            termStarts = false
            let keyword = word(position)
            if let keyword, Self.refused.contains(keyword) { return nil }
            if isOperator(position, ",") {
                guard inOrderBy else { return nil }
                termStarts = true
            }
            if keyword == "BY", word(position - 1) == "ORDER" {
                inOrderBy = true
                termStarts = true
            } else if keyword == "LIMIT" {
                inOrderBy = false
            }
        }
        var items: [Item] = []
        var aliases: Set<String> = []
        for piece in pieces {
            let item = Self.item(tokens[piece], in: text)
            items.append(item.item)
            if let alias = item.alias { aliases.insert(alias.lowercased()) }
        }
        // A dropped alias named again (`ORDER BY alias`) would then name something else.
        guard aliases.isDisjoint(with: afterFrom) else { return nil }
        self.items = items
        droppedAliases = aliases
    }

    /// Words that, at the top level after `FROM`, make a statement more than a projection of one table.
    private static let refused: Set<String> = [
        "GROUP", "HAVING", "WINDOW", "UNION", "INTERSECT", "EXCEPT", "JOIN", "NATURAL", "CROSS", "VALUES",
    ]

    /// What one list item is, and the alias a column named alone had.
    private static func item(_ tokens: ArraySlice<SQLToken>, in text: String) -> (item: Item, alias: String?) {
        let parts = Array(tokens)
        func isOperator(_ index: Int, _ symbol: String) -> Bool {
            parts.indices.contains(index) && parts[index].kind == .operator && text[parts[index].range] == symbol
        }
        func isName(_ index: Int) -> Bool {
            parts.indices.contains(index) && (parts[index].kind == .word || parts[index].kind == .quotedName)
        }
        guard let first = parts.first, let last = parts.last else { return (.other(text.startIndex..<text.startIndex), nil) }
        let whole = first.range.lowerBound..<last.range.upperBound
        if parts.count == 1, isOperator(0, "*") { return (.all, nil) }
        if parts.count == 3, isName(0), isOperator(1, "."), isOperator(2, "*") { return (.all, nil) }
        // A name of up to three dotted parts.
        var end = 0
        guard isName(0) else { return (.other(whole), nil) }
        while isOperator(end + 1, "."), isName(end + 2), end < 4 {
            end += 2
        }
        let name = first.range.lowerBound..<parts[end].range.upperBound
        let rest = parts.count - end - 1
        if rest == 0 { return (.column(name: name, whole: whole), nil) }
        let hasAs = parts.indices.contains(end + 1) && parts[end + 1].kind == .word
            && text[parts[end + 1].range].uppercased() == "AS"
        if rest == 1, isName(end + 1), !hasAs { return (.column(name: name, whole: whole), parts[end + 1].unquoted(in: text)) }
        if rest == 2, hasAs, isName(end + 2) { return (.column(name: name, whole: whole), parts[end + 2].unquoted(in: text)) }
        return (.other(whole), nil)
    }
}
