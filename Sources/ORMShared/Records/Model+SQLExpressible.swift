extension Model {
    /// The object as a value in SQL: its row's key, bound (SharkORM's `%@` with an object).
    /// An object not inserted yet, or removed, binds NULL: it has no row to stand for.
    ///
    /// ```swift
    /// let staff = try Person.query().where("department = \(rnd)").fetch()
    /// let both = try Person.query().where("department IN \([rnd, sales])").count()
    /// let same = try Person.fetch(where: "department = ?", [rnd])
    /// ```
    public var sqlValues: [SQLValue] {
        [_$withStateFields { $0.meta.status == .persisted || $0.meta.status == .fault ? $0.storedKey : .null }]
    }

    /// Not a list: one object is one value.
    public var isList: Bool { false }
}

extension SQL.Interpolation {
    /// An optional object: its key, or NULL when nil (see ``SQLExpressible/sqlValues``).
    public mutating func appendInterpolation<T: Model>(_ object: T?) {
        text += "?"
        arguments += object?.sqlValues ?? [.null]
    }
}
