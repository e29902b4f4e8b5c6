extension SQLToken {
    /// Whose lexical rules cut SQL text into tokens: SQLite's, which every dialect starts from, and
    /// a dialect's own where they differ, given by its driver's folder (PostgreSQL's
    /// `SQLToken.Dialect.postgres`) and reached through ``SQLDialectRules/tokenDialect``. Two
    /// dialects are the same when their names are.
    package struct Dialect: Sendable, Hashable {
        /// The dialect's name (`sqlite`, `postgres`).
        package let name: String
        /// Whether an unquoted name is folded to lower case (PostgreSQL: `Orders` names `orders`)
        /// rather than kept as written.
        package let foldsUnquotedNames: Bool
        /// The next token by the dialect's own rules where they differ from SQLite's, nil where
        /// they agree (the scanner reads it by SQLite's rules then); nil for SQLite itself.
        let ownToken: (@Sendable (inout Scanner) -> SQLToken?)?

        /// A dialect named `name` whose own rules `ownToken` reads, before SQLite's.
        package init(name: String, foldsUnquotedNames: Bool, ownToken: (@Sendable (inout Scanner) -> SQLToken?)? = nil) {
            self.name = name
            self.foldsUnquotedNames = foldsUnquotedNames
            self.ownToken = ownToken
        }

        /// SQLite's: `'…'` strings; `"…"`, `` `…` `` and `[…]` names; `X'…'` blobs; `?`, `?N`,
        /// `:name`, `@name`, `$name` and `#name` parameters.
        package static let sqlite = Dialect(name: "sqlite", foldsUnquotedNames: false)

        package static func == (lhs: Dialect, rhs: Dialect) -> Bool {
            lhs.name == rhs.name
        }

        package func hash(into hasher: inout Hasher) {
            hasher.combine(name)
        }
    }
}
