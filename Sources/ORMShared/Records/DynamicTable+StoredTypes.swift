// What the columns of a table found at run time store, as far as their declared types tell: the
// builder reads the literals of its text by them, as it does by a model's types.

extension DynamicTable {
    /// The stored type of each of `columns` of `info` (nil where the declaration does not tell),
    /// as `dialect` reads a declaration: on PostgreSQL a column's type is exact (`boolean` is a
    /// `Bool`, `timestamptz` a `Date`); on SQLite a declaration gives only an affinity, and a
    /// `Bool` or a `Date` is a number there (as ORMCore itself stores them), so only integer, real
    /// and text columns are known.
    static func storedTypes(of columns: [String], in info: TableInfo, dialect: SQLDialect) -> [StoredType?] {
        columns.map { name in
            info.column(named: name).flatMap { dialect.rules.storedType(declared: $0.declaredType) }
        }
    }
}
