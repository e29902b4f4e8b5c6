// Queries over a table found at run time: the table is described in Records, its queries are built
// here, a layer up.

extension DynamicTable {
    /// A query over the table's rows.
    public func query() -> Query<DynamicRecord> {
        query(cuttingValuesAt: nil)
    }

    /// A query over the table's rows whose records keep at most `limit` bytes of each text or
    /// blob that is not a key (their ``DynamicRecord/fullSizes`` say how long the whole value is):
    /// a viewer showing a few lines of a 50 MB value holds a few lines, not 50 MB. The SQL is the
    /// same; `where` and `orderBy` see whole values. A row fetched again by key
    /// (``record(key:)``) is whole.
    ///
    /// ```swift
    /// let rows = try db.table("documents").query(cuttingValuesAt: 1_024).batch(256).fetch()
    /// ```
    public func query(cuttingValuesAt limit: Int?) -> Query<DynamicRecord> {
        var entity = self.entity
        let selected = entity.columns
        let keyPositions = entity.keyColumns.compactMap { selected.firstIndex(of: $0) }
        let table = info.name
        let cut = limit.map { limit in (limit, Set(0..<selected.count).subtracting(keyPositions)) }
        entity.valueCut = limit.flatMap { cutReading(limit: $0, cutting: Set(selected.indices).subtracting(keyPositions)) }
        let valueCut = entity.valueCut
        let rowIDPosition = keyPositions.first
        let decoder = RecordDecoder<DynamicRecord>(
            decode: { row in
                guard let (limit, cutColumns) = cut else {
                    let values = (0..<Int32(selected.count)).map { row.statement.value(at: $0) }
                    return DynamicRecord(
                        table: table, columns: selected, values: values, key: keyPositions.map { values[$0] })
                }
                var fullSizes: [Int: Int] = [:]
                let values = try (0..<selected.count).map { index -> SQLValue in
                    let column = row.statement.column(at: Int32(index))
                    guard cutColumns.contains(index) else { return column.value }
                    if let valueCut, column.isBlob, let rowIDPosition,
                       let marked = valueCut.marked(blobOfBytes: column.byteCount) {
                        // Read by rowid, its start only (see ``ValueCut``).
                        let rowID = row.statement.column(at: Int32(rowIDPosition)).int64
                        let (value, size) = try row.statement.onConnection {
                            try $0.cutValue(table: table, column: selected[index], rowID: rowID,
                                            rowIDColumn: selected[rowIDPosition], marked: marked, limit: limit)
                        }
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
                    .record(key: key)
                else {
                    return DynamicRecord(table: table, columns: selected, values: [], key: key, isDeleted: true)
                }
                return record
            },
            attachJoined: { record, values in record.setJoined(values) },
            gone: { _, key in DynamicRecord(table: table, columns: selected, values: [], key: key, isDeleted: true) })
        return Query(entity: entity, decoder: decoder, database: database)
    }

    /// How a cut query reads the columns at `positions` in this table, nil when it reads them
    /// whole and cuts them after: only a SQLite table with a rowid that stores UTF-8 reads values
    /// by rowid (``ValueCut``); generated columns cannot be read so.
    private func cutReading(limit: Int, cutting positions: Set<Int>) -> ValueCut? {
        guard database.dialect.kind == .sqlite, info.kind == .table, info.hasRowID, entity.hasIntegerKey,
              (try? database.storesUTF8()) == true else {
            return nil
        }
        let stored = Set(info.columns.filter { $0.generated == .no }.map(\.name))
        let names = positions.map { entity.columns[$0] }.filter { stored.contains($0) }
        return names.isEmpty ? nil : ValueCut(limit: max(0, limit), columns: Set(names))
    }

    /// The row with this key, or nil.
    public func record(key: [SQLValue]) throws -> DynamicRecord? {
        guard key.count == entity.keyColumns.count, !key.isEmpty else { return nil }
        var query = self.query()
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
