/// What a database answers when ORMCore writes SQL for it: the answers behind ``SQLDialect``.
/// Each driver gives its own (`SQLite/Core/SQLiteDialect.swift`,
/// `PostgreSQL/Core/PostgresDialect.swift`); the shared layers ask these and never pick a
/// database by name, so a new database is a new set of answers, not a new case in shared code.
///
/// Every answer is made from values (a list's values, a column's stored type, a key's
/// strategy): no answer reads SQL text another dialect wrote.
package protocol SQLDialectRules: Sendable {
    /// The tokenizer's rules for this database's SQL text.
    var tokenDialect: SQLToken.Dialect { get }

    /// The statements of a script in order, cut as this database's own shell cuts its input,
    /// each trimmed of surrounding blanks and of its final `;`, pieces holding no statement left
    /// out (``SQLScript/statements(in:dialect:)``).
    func statements(in script: String) -> [String]

    /// The text to prepare for a statement a user wrote with ORMCore's `?` placeholders, and the
    /// number of parameters it takes (``SQLDialect/preparedText(_:)``).
    func preparedText(_ sql: String) -> (text: String, parameterCount: Int)

    /// Whether an insert's generated key comes back with `RETURNING` the key.
    var returnsGeneratedKeys: Bool { get }

    /// Whether tables have SQLite's rowid.
    var hasRowID: Bool { get }

    /// Whether a column holds only values of its declared type, and a parameter is typed by the
    /// server from where it stands (PostgreSQL), rather than any value in any column (SQLite).
    var hasStrictTypes: Bool { get }

    /// Whether a name's case matters (PostgreSQL folds unquoted names to lower case; SQLite
    /// compares them without regard to ASCII case): the builder then writes a column's name as
    /// its entity spells it.
    var namesAreCaseSensitive: Bool { get }

    /// The operator that compares two values NULLs included (`IS`, `IS NOT DISTINCT FROM`),
    /// with a blank either side.
    var notDistinctOperator: String { get }

    /// The columns the applied migrations are listed in the order of.
    var migrationOrder: String { get }

    /// `value` as a literal this database reads back as the same value.
    func literal(_ value: SQLValue) -> String

    /// `value` as a literal for a column of stored type `type` (a `DEFAULT` clause).
    func literal(_ value: SQLValue, as type: StoredType) -> String

    /// The type a column storing `type` declares.
    func columnType(for type: StoredType) -> String

    /// The type a model's column (or key) declares, of affinity `affinity` (SQLite's name for
    /// it), storing `type`.
    func columnType(affinity: ColumnType, storing type: StoredType) -> String

    /// What follows the key column's type in `CREATE TABLE` (`NOT NULL PRIMARY KEY`, and how the
    /// key is generated): for a key the database `generated` (one that never reuses a deleted
    /// one when `autoincrement`) storing `type`.
    func keyConstraint(generated: Bool, autoincrement: Bool, storing type: StoredType) -> String

    /// The statement that moves the key's sequence past the largest key of `table`, for a
    /// database whose generated keys come from a sequence; nil where they need none.
    func keySequenceCatchUpSQL(table: String, key: String) -> String?

    /// A long or empty list's membership test (``SQL``'s lists over its threshold, and empty
    /// ones), written from its values: the text that follows the tested expression (`IN (…)`,
    /// `NOT IN (…)`; `negated` nil: the parenthesised list alone) with one `?`, and the value bound
    /// to it. Nil when the values cannot be bound as one (a blob, a real that is no number).
    func membership(negated: Bool?, of values: [SQLValue]) -> (text: String, argument: SQLValue)?

    /// A list of row values (`(?, ?), (?, ?)`) as the right side of `(a, b) IN`.
    func rowValueList(_ rows: String) -> String

    /// `sql`, a column storing `type`, as compared with a column storing `other` in a join's
    /// condition, so that the two compare as SQLite compares what it stores.
    func joinOperand(_ sql: String, storing type: StoredType?, comparedWith other: StoredType?) -> String

    /// `sql`, a selected column storing `type`, written so that it gives the value SQLite stores
    /// (a `Date`'s seconds, a `UUID`'s upper-case text).
    func storedValue(_ sql: String, storing type: StoredType?) -> String

    /// `sql`, a column storing `type`, as summed (a `Bool` as its 0 or 1).
    func summand(_ sql: String, storing type: StoredType?) -> String

    /// Whether `sum` adds decimals itself (exactly) rather than as reals.
    var sumsDecimalsExactly: Bool { get }

    /// A sum as read back, as SQLite gives it (an integral exact number as an integer); nil when
    /// it passes the 64-bit range.
    func integerSum(_ sum: SQLValue) -> SQLValue?

    /// Whether `error` says a sum passed the 64-bit range.
    func isIntegerOverflow(_ error: any DatabaseError) -> Bool

    /// What a found column declared `declared` stores, nil where the declaration does not tell.
    func storedType(declared: String) -> StoredType?

    /// Why a found column declared `declared` must be converted to become a model's column of
    /// affinity `affinity` storing `type` (its type changed, `old → new`), nil when it need not.
    func conversion(declared: String, to affinity: ColumnType, storing type: StoredType) -> String?
}
