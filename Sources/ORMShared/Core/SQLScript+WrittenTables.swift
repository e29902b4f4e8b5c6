extension SQLScript {
    /// The tables `statement` (one statement) names as written: the target of `INSERT [OR …] INTO`,
    /// `REPLACE INTO`, `UPDATE [OR …] [ONLY]`, `DELETE FROM [ONLY]`, `MERGE INTO [ONLY]` and each
    /// table of `TRUNCATE [TABLE] [ONLY] a, b`, at any depth (PostgreSQL's `WITH d AS (DELETE FROM
    /// …)`), in order, each once. A schema-qualified name gives its last part. A quoted name is
    /// taken as written; a bare one as written on SQLite (whose names ignore case: the caller
    /// compares), folded to lower case on PostgreSQL, as the server folds it.
    ///
    /// Statements that only define or grant (`CREATE TRIGGER … BEGIN INSERT INTO …`, `GRANT UPDATE
    /// ON …`), and `DO UPDATE` / `FOR UPDATE` / `ON DELETE` clauses, write nothing here.
    ///
    /// ```swift
    /// SQLScript.tablesWritten(by: #"INSERT OR REPLACE INTO main."Note" SELECT * FROM t"#)  // ["Note"]
    /// ```
    package static func tablesWritten(by statement: String, dialect: SQLToken.Dialect = .sqlite) -> [String] {
        let tokens = SQLToken.tokens(in: statement, dialect: dialect).filter { !$0.isTrivia }
        guard let first = tokens.first, first.kind == .word,
            writingStatements.contains(statement[first.range].uppercased())
        else { return [] }
        func word(_ index: Int) -> String? {
            guard index < tokens.count, tokens[index].kind == .word else { return nil }
            return statement[tokens[index].range].uppercased()
        }
        /// The name starting at `index` (dotted parts taken to the last), and the index after it.
        func name(at start: Int) -> (String, Int)? {
            var index = start
            var last: String?
            while index < tokens.count {
                let token = tokens[index]
                guard token.kind == .word || token.kind == .quotedName else { break }
                let part = token.unquoted(in: statement)
                last = token.kind == .word && dialect.foldsUnquotedNames ? part.lowercased() : part
                index += 1
                guard index < tokens.count, tokens[index].kind == .operator, statement[tokens[index].range] == "."
                else { break }
                index += 1
            }
            return last.map { ($0, index) }
        }
        var tables: [String] = []
        func add(_ table: String) { if !tables.contains(table) { tables.append(table) } }
        var index = 0
        while index < tokens.count {
            defer { index += 1 }
            guard let keyword = word(index) else { continue }
            let previous = index > 0 ? word(index - 1) : nil
            var next = index + 1
            switch keyword {
            case "INSERT", "REPLACE", "MERGE":
                if keyword == "INSERT", word(next) == "OR" { next += 2 }
                guard word(next) == "INTO" else { continue }
                next += 1
                if word(next) == "ONLY" { next += 1 }
            case "UPDATE":
                guard previous != "DO", previous != "FOR", previous != "ON", previous != "OF", previous != "THEN" else { continue }
                if word(next) == "OR" { next += 2 }
                if word(next) == "ONLY" { next += 1 }
            case "DELETE":
                guard previous != "ON", word(next) == "FROM" else { continue }
                next += 1
                if word(next) == "ONLY" { next += 1 }
            case "TRUNCATE":
                if word(next) == "TABLE" { next += 1 }
                while true {
                    if word(next) == "ONLY" { next += 1 }
                    guard let (table, after) = name(at: next) else { break }
                    add(table)
                    guard after < tokens.count, statement[tokens[after].range] == "," else { break }
                    next = after + 1
                }
                continue
            default: continue
            }
            if let (table, _) = name(at: next) { add(table) }
        }
        return tables
    }

    /// Whether `statement` rolls the whole transaction back (`ROLLBACK`, `ROLLBACK TRANSACTION`,
    /// PostgreSQL's `ABORT`), not to a savepoint.
    static func rollsBackTransaction(_ statement: String, dialect: SQLToken.Dialect = .sqlite) -> Bool {
        let words = SQLToken.tokens(in: statement, dialect: dialect).lazy.filter { !$0.isTrivia }.prefix(3)
            .map { statement[$0.range].uppercased() }
        guard let first = words.first, first == "ROLLBACK" || first == "ABORT" else { return false }
        return !words.contains("TO")
    }

    /// The statements whose first word may make them write rows.
    private static let writingStatements: Set<String> = [
        "INSERT", "REPLACE", "UPDATE", "DELETE", "WITH", "TRUNCATE", "MERGE",
    ]
}
