/// How one kind of database writes the SQL ORMCore makes: placeholders, identifiers, literals,
/// and what its statements may say (`RETURNING`, identity columns). A value, needing no
/// connection: ``ModelSchema`` makes its statements and tables from it
/// (`ModelSchema+Statements.swift`, `ModelSchema+DDL.swift`).
///
/// ORMCore's SQL text is the same for both up to this point: `?` placeholders, identifiers in
/// double quotes with embedded ones doubled. PostgreSQL folds unquoted names to lower case, so
/// every name ORMCore writes is quoted; its `?` are numbered `$1`, `$2`… when a statement is
/// prepared (``preparedText(_:)``).
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

    /// Which database.
    public let kind: Kind

    /// SQLite's SQL: the text ORMCore has always written.
    public static let sqlite = SQLDialect(kind: .sqlite)
    /// PostgreSQL's SQL.
    public static let postgres = SQLDialect(kind: .postgres)

    /// `sqlite` or `postgres`.
    public var description: String { kind.rawValue }

    // MARK: - Names and placeholders

    /// `name` as a quoted identifier: in double quotes, embedded ones doubled (the same in both).
    public func quoteIdentifier(_ name: String) -> String {
        ORMCore.quoteIdentifier(name)
    }

    /// The text to prepare for ORMCore's `sql` (written with `?` placeholders) and the number of
    /// parameters it takes: SQLite's text is `sql` itself; PostgreSQL's has every bare `?` numbered
    /// `$1`, `$2`… in order (`SQLToken.numberingParameters(in:)`: a `?` in a string, a name or a
    /// comment stays as it is), and a long list bound as one value (``SQL``'s `IN (SELECT value FROM
    /// json_each(?))`) written `= ANY ($n)`, its parameter an array.
    public func preparedText(_ sql: String) -> (text: String, parameterCount: Int) {
        switch kind {
        case .sqlite:
            var count = 0
            for token in SQLToken.tokens(in: sql, dialect: .sqlite) where token.kind == .parameter {
                count += 1
            }
            return (sql, count)
        case .postgres:
            let numbered = SQLToken.numberingParameters(in: sql)
            return (numbered.text, numbered.count)
        }
    }

    /// The tokenizer's rules for this database's SQL text.
    package var tokenDialect: SQLToken.Dialect {
        switch kind {
        case .sqlite: .sqlite
        case .postgres: .postgres
        }
    }

    // MARK: - What the statements may say

    /// Whether an insert's generated key comes back with `RETURNING` the key (PostgreSQL has no
    /// last rowid to ask for; SQLite's rowid is read from the connection instead, so its insert
    /// text stays as it was).
    public var returnsGeneratedKeys: Bool { kind == .postgres }

    /// Whether schema changes (`CREATE`, `ALTER`, `DROP`) are part of the transaction they run in,
    /// so a failed migration leaves every table as it was. True for both; SQLite's rebuild still
    /// needs foreign keys off outside the transaction.
    public var hasTransactionalDDL: Bool { true }

    /// Whether tables have SQLite's rowid (an integer key assigned as one more than the largest).
    public var hasRowID: Bool { kind == .sqlite }

    // MARK: - Literals

    /// `value` as a literal this database reads back as the same value, for SQL that must stand
    /// on its own (a `DEFAULT` clause). SQLite's is ``SQLLiteral``; PostgreSQL's writes text in
    /// quotes, doubled (`standard_conforming_strings` is on: a backslash is a backslash), a blob as
    /// `'\x…'::bytea`, a real as its shortest exact decimal (`'NaN'`, `'Infinity'` quoted). Text
    /// holding a NUL is written as it is: PostgreSQL's text cannot hold one, and the server refuses
    /// the statement, saying so.
    public func literal(_ value: SQLValue) -> String {
        switch kind {
        case .sqlite:
            return SQLLiteral.value(value)
        case .postgres:
            switch value {
            case .null: return "NULL"
            case .integer(let integer): return String(integer)
            case .real(let real):
                if real.isNaN { return "'NaN'" }
                if real.isInfinite { return real < 0 ? "'-Infinity'" : "'Infinity'" }
                return real.description
            case .text(let text): return Self.postgresText(text)
            case .blob(let data): return "'\\x" + Hex.encode(data, uppercase: false) + "'::bytea"
            }
        }
    }

    /// `'…'` with quotes doubled.
    static func postgresText(_ text: String) -> String {
        var literal = "'"
        literal.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            literal.unicodeScalars.append(scalar)
            if scalar == "'" { literal.unicodeScalars.append(scalar) }
        }
        return literal + "'"
    }
}
