@_spi(ModelSupport) import ORMShared

extension _SQLiteRowModel {
    /// Every remaining row of `statement` (bound, not stepped yet) as live objects: the one loop
    /// behind `fetch(where:)`, `fetch(sql:)` and `query().fetch()`.
    ///
    /// It keeps its window by hand, as ``FetchWindow`` does for the other drivers' loops: the hot
    /// path of every SQLite fetch, measured in instructions a row (Benchmarks/ORM-SPEED.md), where
    /// `FetchWindow` cost 2.3 more a row.
    package static func materializeRows(of statement: Statement, database: Database, columnMap: [Int32]? = nil) throws -> [Self] {
        let row = StatementRow(statement: statement, database: database, entity: modelSchema.table, columnMap: columnMap)
        let keyIndex = row.resolve(0)
        var objects = FetchedObjects()
        // Rows with an integer key (nearly all) are decoded a window at a time, then the window is
        // entered in the identity map under one lock (``IdentityMap/registerDecoded(_:keys:as:)``).
        let keys = UnsafeMutableBufferPointer<Int64>.allocate(capacity: materializeWindow)
        defer { keys.deallocate() }
        var pending = 0
        while try statement.step() {
            if keyIndex < 0 { throw _ColumnCoding.missingColumn(row, modelSchema.primaryKey.name) }
            // The key as stored (a UUID key may be stored as text or as bytes: updates must match it),
            // read once: the object's key property is made from it. The initialiser marks the object
            // as the row's, entered under `Self`.
            let column = statement.column(at: keyIndex)
            if column.isInteger {
                let key = column.int64
                objects.append(try Self(_$row: row, key: .integer(key)))
                keys[pending] = key
                pending += 1
                if pending < materializeWindow { continue }
                database.identityMap.registerDecoded(
                    objects.last(pending), keys: UnsafeBufferPointer(keys), as: Self.self)
            } else {
                if pending > 0 {
                    database.identityMap.registerDecoded(
                        objects.last(pending), keys: UnsafeBufferPointer(rebasing: keys[..<pending]), as: Self.self)
                }
                objects.append(try database.materialize(Self.self, row: row, keyIndex: keyIndex))
            }
            pending = 0
        }
        if pending > 0 {
            database.identityMap.registerDecoded(
                objects.last(pending), keys: UnsafeBufferPointer(rebasing: keys[..<pending]), as: Self.self)
        }
        // Every element is a `Self`, and an array of class references is the same array whatever its
        // element class (as `[Self] as [AnyObject]` is free).
        return unsafeBitCast(objects.array(), to: [Self].self)
    }
}

extension Statement: RecordDriverStatement {
    /// The rows through the macro's concrete path when `T` is a ``_SQLiteRowModel`` (asked once a
    /// statement, then kept), else through the driver-neutral one.
    package func materialize<T: Model>(_ type: T.Type, database: Database, columnMap: [Int32]?) throws -> [T] {
        guard let rowModel = rowModel(T.self) else {
            return try T.materializeValueRows(of: self, database: database, columnMap: columnMap)
        }
        return try materialize(rowModel, as: T.self, database: database, columnMap: columnMap)
    }

    /// ``_SQLiteRowModel/materializeRows(of:database:columnMap:)`` for `M`, which is `T`.
    private func materialize<M: _SQLiteRowModel, T: Model>(
        _ model: M.Type, as type: T.Type, database: Database, columnMap: [Int32]?
    ) throws -> [T] {
        // `M` is `T` (the conformance was asked of `T`): an array of one class's references.
        unsafeBitCast(try M.materializeRows(of: self, database: database, columnMap: columnMap), to: [T].self)
    }

    /// The macro's concrete path (every value's bind inlined) for a ``_SQLiteRowModel``, the
    /// driver-neutral one otherwise.
    @inline(__always)
    package func bindColumns<T: Model>(of object: T, _ columns: ColumnSet, startingAt index: Int32) throws {
        if let rowModel = rowModel(T.self) {
            try bindColumns(of: object, as: rowModel, columns, startingAt: index)
        } else {
            try object._$bindColumns(columns, to: self, startingAt: index)
        }
    }

    /// Binds `object`, an `M` (the conformance was asked of its type), through `M`'s concrete path.
    @inline(__always)
    package func bindColumns<T: Model, M: _SQLiteRowModel>(
        of object: T, as model: M.Type, _ columns: ColumnSet, startingAt index: Int32
    ) throws {
        try unsafeDowncast(object, to: M.self)._$bindColumns(columns, to: self, startingAt: index)
    }
}

extension Connection {
    package func fetchModels<T: Model>(_ type: T.Type, sql: SQL, database: Database, mapsColumnsByName: Bool) throws -> [T] {
        try cachedStatement(sql.text).use { statement in
            try statement.bind(sql.arguments)
            return try statement.materialize(
                T.self, database: database, columnMap: mapsColumnsByName ? T.columnMap(for: statement) : nil)
        }
    }

    package func readModelRow<T: Model>(
        into object: T, key: SQLValue, statement statementKey: ModelStatementKey, sql: String, database: Database,
        beforeApplying: () -> Void
    ) throws -> Bool {
        try modelStatement(statementKey) { sql }.use { statement in
            try statement.bind([key])
            guard try statement.step() else { return false }
            beforeApplying()
            if let rowModel = statement.rowModel(T.self) {
                try Self.apply(statement, to: object, as: rowModel, database: database)
            } else {
                let row = _ValueRow(statement: statement, database: database, entity: T.modelSchema.table)
                try object._$apply(row, keeping: object.dirtyColumns)
            }
            return true
        }
    }

    /// Reads `statement`'s row into `object`, an `M`, through `M`'s concrete path.
    private static func apply<T: Model, M: _SQLiteRowModel>(
        _ statement: Statement, to object: T, as model: M.Type, database: Database
    ) throws {
        let row = StatementRow(statement: statement, database: database, entity: T.modelSchema.table)
        try unsafeDowncast(object, to: M.self)._$apply(row, keeping: object.dirtyColumns)
    }
}
