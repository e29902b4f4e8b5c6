import ORMShared

/// PostgreSQL keeps the first 63 bytes of a longer name and drops the rest with only a notice
/// (`NAMEDATALEN` - 1), so two long names that share their first 63 bytes would make one table,
/// column or index: a ``PostgresConnection`` refuses DDL that names one.
enum PostgresIdentifierLength {
    /// The most bytes (UTF-8) of a name PostgreSQL keeps whole.
    static let maximumBytes = 63

    /// Throws when `sql` is DDL (`CREATE …`, `ALTER …`) and one of its names, quoted or not, is
    /// longer than ``maximumBytes``.
    ///
    /// - Throws: ``ORMError/invalidQuery(_:)`` naming the identifier and its length.
    package static func check(_ sql: String) throws {
        let keyword = SQLScript.leadingKeyword(of: sql).uppercased()
        guard keyword == "CREATE" || keyword == "ALTER" else {
            return
        }
        for token in SQLToken.tokens(in: sql, dialect: .postgres) where token.kind == .word || token.kind == .quotedName {
            let name = token.unquoted(in: sql)
            let length = name.utf8.count
            if length > maximumBytes {
                throw ORMError.invalidQuery(
                    "the name \"\(name)\" is \(length) bytes long; PostgreSQL keeps only its first \(maximumBytes), "
                        + "so it could become another name: use a shorter one")
            }
        }
    }
}
