import FoundationEssentials

// `sum`, and the values `distinct` and `groupBy` give, with one kind of value for one kind of
// column on both databases.

extension Query {
    /// The sum of an expression over the matching records: NULL when none match; integers an
    /// exact integer, reals a real, and a `Decimal` column's sum exact, as its text
    /// (`Decimal(string:)` reads it back), on every database.
    ///
    /// ```swift
    /// let stock = try Item.query().where("active").sum("stock")     // .integer(155)
    /// let total = try Invoice.query().sum("amount")                 // .text("1024.35") of a Decimal column
    /// ```
    ///
    /// - Parameter expression: A column (in any case), a dot path, or an expression of numbers.
    /// - Throws: ``ORMError/invalidQuery(_:)`` when `expression` is one column that stores no
    ///   numbers (text, dates, bytes): SQLite would sum what it reads of each as a number,
    ///   PostgreSQL refuses; and when a sum of integers passes the 64-bit range (SQLite's
    ///   `integer overflow`; PostgreSQL would give the exact numeric).
    public func sum(_ expression: String) throws -> SQLValue {
        let database = try target()
        try decoder.prepare(database)
        try PathResolver.checkSummable(expression, among: [entity] + explicitJoins.map(\.entity))
        let parts = try parts(extras: [expression])
        var summed = parts.extras[0]
        let type = columnStoredType(expression)
        // PostgreSQL sums no `boolean`; SQLite sums a Bool column's 0s and 1s.
        summed = database.dialect.rules.summand(summed, storing: type)
        var inner = statement(select: "\(summed) AS orm_value", parts: parts)
        if type == .decimal {
            return try decimalSum(of: inner, in: database)
        }
        inner.text = "SELECT sum(orm_value) FROM (" + inner.text + ") AS orm_summed"
        let overflow = ORMError.invalidQuery("the sum of \(expression) does not fit in a 64-bit integer")
        let sum: SQLValue
        do {
            sum = try database.scalar(inner) ?? .null
        } catch let error as any DatabaseError where database.dialect.rules.isIntegerOverflow(error) {
            throw overflow
        }
        // PostgreSQL sums integers as `numeric`, which reads as its exact text: an integral one
        // that fits comes back an integer, as on SQLite; one that does not is SQLite's overflow.
        guard let integer = database.dialect.rules.integerSum(sum) else { throw overflow }
        return integer
    }

    /// `rewritten`, the select expression of `expression`, written so that PostgreSQL gives the
    /// value SQLite stores: a `Date` column's seconds since 1970 (a real), a `UUID` column's
    /// canonical upper-case text. Chosen once, when the statement is built.
    func storedValueSQL(of expression: String, rewritten: String, in database: Database) -> String {
        database.dialect.rules.storedValue(rewritten, storing: columnStoredType(expression))
    }

    /// What the column `expression` names stores (of the root entity or a joined one), nil for
    /// anything else.
    func columnStoredType(_ expression: String) -> StoredType? {
        let name = expression.trimmedWhitespace
        for entity in [entity] + explicitJoins.map(\.entity) {
            if let column = entity.column(named: name) { return entity.storedType(of: column) }
        }
        return nil
    }

    /// The exact sum of the decimals `values` selects as `orm_value`, as the sum's text; NULL
    /// when there are none. SQLite keeps a `Decimal` as text and would add them as reals, so its
    /// values are added here; PostgreSQL adds `numeric`s exactly, and its sum is read back
    /// through `Decimal`, so both write the same text.
    private func decimalSum(of values: SQL, in database: Database) throws -> SQLValue {
        let posix = Locale(identifier: "en_US_POSIX")
        func decimal(_ value: SQLValue) throws -> Decimal? {
            switch value {
            case .null: return nil
            case .integer(let integer): return Decimal(integer)
            case .real(let real) where real.isFinite: return Decimal(real)
            case .text(let text):
                guard let decimal = Decimal(string: text, locale: posix), !decimal.isNaN else { break }
                return decimal
            default: break
            }
            throw ORMError.invalidQuery("sum of a Decimal column met \(value), which is no decimal number")
        }
        if database.dialect.rules.sumsDecimalsExactly {
            var sum = values
            sum.text = "SELECT sum(orm_value) FROM (" + sum.text + ") AS orm_summed"
            return try decimal(try database.scalar(sum) ?? .null).map { .text($0.description) } ?? .null
        }
        var total: Decimal?
        try database.forEachRow(values) { row in
            guard let value = try decimal(row.first ?? .null) else { return }
            total = (total ?? 0) + value
        }
        return total.map { .text($0.description) } ?? .null
    }
}
