import FoundationEssentials

/// What a live query reads, as far as commits name it: the tables whose changes may change its
/// value. A commit that names none of them is not a reason to read again.
///
/// Tables are compared as SQLite compares names (ASCII letters without case), which is also how
/// every ``ChangeSet`` of either database can be matched against the text of a query. A query
/// that reads a view or a virtual table reads tables commits do not name by the view's name
/// (this process's writes name the tables written), so such a query is touched by every commit.
package struct ObservedRegion: Sendable, Equatable {
    /// The tables read, in lower case.
    package let tables: Set<String>
    /// Whether every commit may change the value (a view or a virtual table is read, or the
    /// tables could not be told).
    package let everything: Bool

    /// Every commit touches it.
    package static let everything = ObservedRegion(tables: [], everything: true)

    /// A region of `tables` (names in any case).
    init(tables: Set<String>, everything: Bool = false) {
        self.tables = Set(tables.map { $0.lowercased() })
        self.everything = everything
    }

    /// Whether `changes` may change what the region holds.
    func isTouched(by changes: ChangeSet) -> Bool {
        everything || changes.tables.contains { tables.contains($0.lowercased()) }
    }

    /// The tables and views of `database`'s schema that `sql` names, read with the database's own
    /// tokenizer (a name inside a string or a comment is not a read); a name that is a view or a
    /// virtual table makes the region everything.
    package static func read(by sql: String, in database: Database) throws -> ObservedRegion {
        var named = Set<String>()
        for token in SQLToken.tokens(in: sql, dialect: database.dialect.tokenDialect)
        where token.kind == .word || token.kind == .quotedName {
            named.insert(token.unquoted(in: sql).lowercased())
        }
        var tables = Set<String>()
        for object in try database.schemaObjects() where named.contains(object.name.lowercased()) {
            guard object.kind == .table else { return .everything }
            tables.insert(object.name)
        }
        return ObservedRegion(tables: tables)
    }
}
