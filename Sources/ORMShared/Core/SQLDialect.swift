/// How one kind of database writes the SQL ORMCore makes: placeholders, identifiers, literals,
/// types, long lists, and what its statements may say (`RETURNING`, identity columns). A value,
/// needing no connection, that each driver gives (``SQLDialect/sqlite`` from SQLite's folder,
/// ``SQLDialect/postgres`` from PostgreSQL's): ``ModelSchema`` makes its statements and tables
/// from it (`ModelSchema+Statements.swift`, `ModelSchema+DDL.swift`), and ``SQL`` writes its long
/// lists with it. Shared code asks the dialect its answers and never switches on which database
/// it is; ``kind`` names the database for an application that must.
///
/// Every name ORMCore writes is quoted (double quotes, embedded ones doubled), the same in both:
/// PostgreSQL folds unquoted names to lower case. A statement a user writes takes `?`
/// placeholders (ORMCore's convention); on PostgreSQL they are numbered `$1`, `$2`… when the
/// statement is prepared (``preparedText(_:)``), the one translation of written text left.
///
/// ```swift
/// SQLDialect.postgres.preparedText("SELECT * FROM \"t\" WHERE a = ? AND b = ?").text
/// // SELECT * FROM "t" WHERE a = $1 AND b = $2
/// SQLDialect.postgres.literal(.blob(Data([0, 255])))  // '\x00ff'::bytea
/// ```
public struct SQLDialect: Sendable, Hashable, CustomStringConvertible {
    /// The databases ORMCore writes SQL for.
    public enum Kind: String, Sendable, Hashable {
        /// SQLite (the embedded default).
        case sqlite
        /// PostgreSQL, 12 or later (identity columns, `ON CONFLICT`, transactional DDL).
        case postgres
    }

    /// Which database: a name for an application that must tell them apart; ORMCore's shared code
    /// asks the dialect's answers instead.
    public let kind: Kind

    /// The driver's answers.
    package let rules: any SQLDialectRules

    /// The dialect of database `kind`, answering with `rules` (a driver's).
    package init(kind: Kind, rules: any SQLDialectRules) {
        self.kind = kind
        self.rules = rules
    }

    /// `sqlite` or `postgres`.
    public var description: String { kind.rawValue }

    /// Dialects are equal when they are the same database's.
    public static func == (left: SQLDialect, right: SQLDialect) -> Bool { left.kind == right.kind }

    /// Hashes the database's kind.
    public func hash(into hasher: inout Hasher) { hasher.combine(kind) }

    // MARK: - Names and placeholders

    /// `name` as a quoted identifier: in double quotes, embedded ones doubled (the same in both).
    public func quoteIdentifier(_ name: String) -> String {
        ORMShared.quoteIdentifier(name)
    }

    /// The text to prepare for `sql`, a statement written with ORMCore's `?` placeholders, and
    /// the number of parameters it takes: SQLite's text is `sql` itself; PostgreSQL's has every
    /// bare `?` numbered `$1`, `$2`… in order (a `?` in a string, a name or a comment stays as it
    /// is). Nothing else in the text changes: what ORMCore generates (a long list's `= ANY`, a
    /// key's identity) is written for the dialect in the first place (`SQL.rendered(in:)`).
    public func preparedText(_ sql: String) -> (text: String, parameterCount: Int) {
        rules.preparedText(sql)
    }

    /// The tokenizer's rules for this database's SQL text.
    package var tokenDialect: SQLToken.Dialect { rules.tokenDialect }

    // MARK: - What the statements may say

    /// Whether an insert's generated key comes back with `RETURNING` the key (PostgreSQL has no
    /// last rowid to ask for; SQLite's rowid is read from the connection instead, so its insert
    /// text stays as it was).
    public var returnsGeneratedKeys: Bool { rules.returnsGeneratedKeys }

    /// Whether schema changes (`CREATE`, `ALTER`, `DROP`) are part of the transaction they run in,
    /// so a failed migration leaves every table as it was. True for both; SQLite's rebuild still
    /// needs foreign keys off outside the transaction.
    public var hasTransactionalDDL: Bool { true }

    /// Whether tables have SQLite's rowid (an integer key assigned as one more than the largest).
    public var hasRowID: Bool { rules.hasRowID }

    // MARK: - Literals

    /// `value` as a literal this database reads back as the same value, for SQL that must stand
    /// on its own (a `DEFAULT` clause). SQLite's is ``SQLLiteral``; PostgreSQL's writes text in
    /// quotes, doubled (`standard_conforming_strings` is on: a backslash is a backslash), a blob as
    /// `'\x…'::bytea`, a real as its shortest exact decimal (`'NaN'`, `'Infinity'` quoted). Text
    /// holding a NUL is written as it is: PostgreSQL's text cannot hold one, and the server refuses
    /// the statement, saying so.
    public func literal(_ value: SQLValue) -> String {
        rules.literal(value)
    }
}
