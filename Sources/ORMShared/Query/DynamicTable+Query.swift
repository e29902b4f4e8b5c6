// Queries over a table found at run time: the table is described in Records, its queries are built
// here, a layer up.

extension DynamicTable {
    /// A query over the table's rows.
    public func query() -> Query<DynamicRecord> {
        query(cuttingValuesAt: nil)
    }

    /// A query over the table's rows whose records keep at most `limit` bytes of each text or
    /// blob that is not a key (their ``DynamicRecord/fullSizes`` say how long the whole value is):
    /// a viewer showing a few lines of a 50 MB value holds a few lines, not 50 MB. `where` and
    /// `orderBy` see whole values; the values selected are cut by the database where it can
    /// (SQLite's markers in a rowid table, read apart by rowid; PostgreSQL's server-side cut), else after. A row fetched again by key
    /// (``DynamicTable/record(key:computing:joining:)``) is whole.
    ///
    /// ```swift
    /// let rows = try db.table("documents").query(cuttingValuesAt: 1_024).batch(256).fetch()
    /// ```
    ///
    /// `computed` columns are read after the table's own: the query reads a `SELECT` of the
    /// table's columns and each `(expression) AS "name"`, under the table's name, so conditions,
    /// sort keys and the key snapshot see them as columns (a condition on `"minutes"` works on
    /// PostgreSQL too, which has no select aliases in `WHERE`). A name that repeats a column's or
    /// another computed column's (ignoring ASCII case) makes the terminal call throw
    /// ``ORMError/invalidQuery(_:)``.
    ///
    /// `joins` read other tables' columns after those (``TableJoin``), in order, each on the view
    /// the ones before it made, from a `SELECT` of the joins under the table's name; its rows keep
    /// the table's key only when every join ``TableJoin/keepsRows`` (else they are read by
    /// position), and their values are read whole before they are cut.
    public func query(cuttingValuesAt limit: Int?, computing computed: [ComputedColumn] = [], joining joins: [TableJoin] = [])
        -> Query<DynamicRecord> {
        var entity = !joins.isEmpty ? joiningEntity(computed, joins) : (computed.isEmpty ? self.entity : computingEntity(computed))
        let selected = entity.columns
        let keyPositions = entity.keyColumns.compactMap { selected.firstIndex(of: $0) }
        let table = info.name
        let cut = limit.map { limit in (limit, Set(0..<selected.count).subtracting(keyPositions)) }
        // The driver's rule (never the dialect's name): how its database cuts long values.
        entity.longValueCut = !joins.isEmpty ? nil : limit.flatMap { limit in
            type(of: database.writer.connection.records).longValueCut(
                limit: limit, table: self, cutting: Set(selected.indices).subtracting(keyPositions).map { selected[$0] })
        }
        let longValueCut = entity.longValueCut
        let rowIDPosition = keyPositions.first
        let decoder = RecordDecoder<DynamicRecord>(
            decode: { row in
                guard let (limit, cutColumns) = cut else {
                    let values = (0..<Int32(selected.count)).map { row.cells.value(at: $0) }
                    return DynamicRecord(
                        table: table, columns: selected, values: values, key: keyPositions.map { values[$0] })
                }
                var fullSizes: [Int: Int] = [:]
                let values = try (0..<selected.count).map { index -> SQLValue in
                    let column = row.cells.cell(at: Int32(index))
                    guard cutColumns.contains(index) else { return column.value }
                    if let longValueCut, let rowIDPosition,
                       let (value, size) = try longValueCut.cutValue(
                           in: row, at: Int32(index), table: table, column: selected[index],
                           rowID: Int32(rowIDPosition), rowIDColumn: selected[rowIDPosition], limit: limit) {
                        // Read apart, its start only (SQLite's markers, by rowid).
                        if let size { fullSizes[index] = size }
                        return value
                    }
                    let (value, size) = column.value(cutAt: limit)
                    if let size { fullSizes[index] = size }
                    return value
                }
                return DynamicRecord(
                    table: table, columns: selected, values: values, key: keyPositions.map { values[$0] },
                    fullSizes: fullSizes)
            },
            decodeValues: { row in
                let values = (0..<Int32(selected.count)).map { row.reader.column(at: $0).value }
                guard let (limit, cutColumns) = cut else {
                    return DynamicRecord(
                        table: table, columns: selected, values: values, key: keyPositions.map { values[$0] })
                }
                // The server sent the whole value: cut here, so the record holds no more than asked.
                var fullSizes: [Int: Int] = [:]
                let cutValues = values.enumerated().map { index, value -> SQLValue in
                    guard cutColumns.contains(index) else { return value }
                    if let (start, size) = longValueCut?.decode(value, column: selected[index]) {
                        // Cut by the database: its start, and the whole value's size.
                        fullSizes[index] = size
                        return start.cut(at: limit).value
                    }
                    let (cutValue, size) = value.cut(at: limit)
                    if let size { fullSizes[index] = size }
                    return cutValue
                }
                return DynamicRecord(
                    table: table, columns: selected, values: cutValues, key: keyPositions.map { values[$0] },
                    fullSizes: fullSizes)
            },
            fault: { database, key in
                guard let record = try DynamicTable(info: try database.requireTableInfo(table), database: database)
                    .record(key: key, computing: computed, joining: joins)
                else {
                    return DynamicRecord(table: table, columns: selected, values: [], key: key, isDeleted: true)
                }
                return record
            },
            attachJoined: { record, values in record.setJoined(values) },
            gone: { _, key in DynamicRecord(table: table, columns: selected, values: [], key: key, isDeleted: true) })
        var query = Query(entity: entity, decoder: decoder, database: database)
        if !joins.isEmpty {
            query.derivedTable = joiningSelect(computed, joins)
            query.buildError = (duplicateName(among: computed) ?? duplicateName(among: computed, joining: joins))
                .map { ORMError.invalidQuery("column \($0) repeats a column's name") }
        } else if !computed.isEmpty {
            query.derivedTable = computingSelect(computed)
            query.buildError = duplicateName(among: computed).map { ORMError.invalidQuery("computed column \($0) repeats a column's name") }
        }
        return query
    }

    /// The row with this key, or nil; with the `computed` columns after the table's own, then
    /// `joins`' (nil when its rows have no key).
    public func record(key: [SQLValue], computing computed: [ComputedColumn] = [], joining joins: [TableJoin] = []) throws
        -> DynamicRecord? {
        guard key.count == entity.keyColumns.count, !key.isEmpty, joins.allSatisfy(\.keepsRows) else { return nil }
        var query = self.query(cuttingValuesAt: nil, computing: computed, joining: joins)
        var condition = SQL(stringLiteral: "")
        for (index, column) in entity.keyColumns.enumerated() {
            condition.text += (index == 0 ? "" : " AND ") + "\(quoteIdentifier(info.name)).\(quoteIdentifier(column)) = ?"
            condition.arguments.append(key[index])
        }
        query.conditions = [condition]
        query.keyConditions = [0]
        return try query.first()
    }
}
