/// One choice the prompt offers at `Tab`: what the list shows and what goes into the text.
struct CompletionCandidate: Hashable, Sendable {
    /// What the candidate is, shown beside it in the list and ordering it.
    enum Kind: Int, Hashable, Sendable, Comparable {
        /// A column of a table the statement names.
        case column
        /// A table.
        case table
        /// A view.
        case view
        /// A `WITH` query of the statement.
        case commonTable
        /// An SQL function.
        case function
        /// An SQL keyword.
        case keyword

        static func < (lhs: Kind, rhs: Kind) -> Bool {
            lhs.rawValue < rhs.rawValue
        }
    }

    /// The name as the schema or SQLite spells it.
    var name: String
    /// What is inserted: the name quoted when it needs quoting, a function with its `(`, a keyword
    /// in the case typed.
    var insertion: String
    /// What it is.
    var kind: Kind
    /// Where it comes from: the tables of a column (`albums, artists`), empty otherwise.
    var source: String = ""

    /// What the list shows: the name, a keyword or function in the case it goes in.
    var label: String {
        switch kind {
        case .keyword: insertion
        case .function: insertion.hasSuffix("(") ? String(insertion.dropLast()) : insertion
        case .column, .table, .view, .commonTable: name
        }
    }

    /// The note drawn beside it in the list: `column albums`, `table`, `function`, `keyword`.
    var detail: String {
        switch kind {
        case .column: source.isEmpty ? "column" : "column " + source
        case .table: "table"
        case .view: "view"
        case .commonTable: "with"
        case .function: "function"
        case .keyword: "keyword"
        }
    }
}
