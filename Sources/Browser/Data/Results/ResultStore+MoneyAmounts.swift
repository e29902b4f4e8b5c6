import ORMCore

// A computed column over a PostgreSQL statement's `money` columns: SQLite reads the server's text
// (`$1,300.00`) as 0 in arithmetic, so the expression reads each such column as its amount.
extension ResultStore {
    /// The names of the columns holding PostgreSQL's `money`, kept as the server's text.
    var moneyColumns: [String] {
        guard isFromPostgres else { return [] }
        return columnNames.indices.filter { typeNames.indices.contains($0) && typeNames[$0]?.lowercased() == "money" }
            .map { columnNames[$0] }
    }

    /// `column` with each name of a `money` column in its expression read as that column's amount
    /// (`cost * 2` computes `reef_money_amount("cost") * 2`: ``MoneyAmountFunction``), as the
    /// server computes with the amount; its name stays the one the user gave. A name inside a
    /// string, a function's name (followed by `(`) and a qualified name's part are left alone.
    func readingAmounts(in column: ComputedColumn) -> ComputedColumn {
        let money = Set(moneyColumns.map { $0.lowercased() })
        guard !money.isEmpty else { return column }
        let text = column.expression
        let tokens = SQLToken.tokens(in: text, dialect: .sqlite)
        var output = ""
        for (index, token) in tokens.enumerated() {
            let piece = String(text[token.range])
            let name = token.kind == .quotedName ? token.unquoted(in: text) : piece
            let next = tokens[(index + 1)...].first { !$0.isTrivia }
            let isCall = next?.kind == .openParenthesis
            let isQualified = [tokens.indices.contains(index - 1) ? tokens[index - 1] : nil, tokens.indices.contains(index + 1) ? tokens[index + 1] : nil]
                .contains { $0.map { text[$0.range] == "." } ?? false }
            if token.kind == .word || token.kind == .quotedName, token.isClosed, !isCall, !isQualified, money.contains(name.lowercased()) {
                output += MoneyAmountFunction.name + "(" + quoteIdentifier(name) + ")"
            } else {
                output += piece
            }
        }
        return ComputedColumn(name: column.name, expression: output)
    }
}
