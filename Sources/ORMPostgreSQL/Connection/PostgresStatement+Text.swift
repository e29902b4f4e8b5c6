import ORMShared

// What a PostgreSQL statement's text says of it, judged before it runs.

extension PostgresStatement {
    /// Whether `sql` only reads: it starts with `SELECT`, `VALUES`, `TABLE`, `WITH`, `SHOW` or
    /// `EXPLAIN`, and no word of it writes or locks (`INSERT`, `UPDATE`, `DELETE`, `MERGE`,
    /// `INTO`, as in `SELECT … INTO`, and `FOR UPDATE`/`FOR SHARE`). A function that writes,
    /// called from a `SELECT` (`nextval`), is not seen.
    static func readsOnly(_ sql: String) -> Bool {
        let words = SQLToken.tokens(in: sql, dialect: .postgres).filter { $0.kind == .word }
            .map { sql[$0.range].uppercased() }
        guard let first = words.first, ["SELECT", "VALUES", "TABLE", "WITH", "SHOW", "EXPLAIN"].contains(first) else {
            return false
        }
        let writing: Set<String> = ["INSERT", "UPDATE", "DELETE", "MERGE", "INTO", "SHARE", "TRUNCATE", "COPY"]
        return !words.contains(where: writing.contains)
    }
}
