/// A PostgreSQL statement's current row as the generated initialisers read it: one direct call a
/// value into ``PostgresStatement/column(at:)``, whose reader for the column was chosen once a
/// statement. Held by ``_ValueRow`` (visible to the code `@Model` inlines into the user's module,
/// where the statement itself is not).
@usableFromInline
struct PostgresRowSource {
    /// The statement positioned on the row.
    let statement: PostgresStatement

    init(_ statement: PostgresStatement) {
        self.statement = statement
    }

    /// Column `index` of the current row.
    @usableFromInline
    func column(at index: Int32) -> PostgresColumn {
        statement.column(at: index)
    }
}
