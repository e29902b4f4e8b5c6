/// A table or view found at run time, usable without a declared model: the same query builder,
/// batched result sets, transactions and events as models.
///
/// ```swift
/// let tracks = try db.table("Track")
/// let rock = try tracks.query().where("GenreId = \(1)").orderBy("Name").batch(200).fetch()
/// print(rock[0]["Name"] ?? .null)
/// ```
public struct DynamicTable: Sendable {
    /// The table's description.
    public let info: TableInfo
    /// The database it lives in.
    public let database: Database
    /// The query-side description (key, columns, relationships from single-column foreign keys).
    public let entity: EntityDescription

    init(info: TableInfo, database: Database) {
        self.info = info
        self.database = database
        self.entity = Self.describe(info, in: database)
    }

    /// The table's name.
    public var name: String { info.name }

    /// Whether rows can be changed through the table: tables with a rowid or a primary key; not views.
    public var isWritable: Bool { info.kind != .view && (info.hasRowID || !info.primaryKey.isEmpty) }

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
        let entity = self.entity
        let selected = entity.columns
        let keyPositions = entity.keyColumns.compactMap { selected.firstIndex(of: $0) }
        let table = info.name
        let cut = limit.map { limit in (limit, Set(0..<selected.count).subtracting(keyPositions)) }
        let decoder = RecordDecoder<DynamicRecord>(
            decode: { row in
                guard let (limit, cutColumns) = cut else {
                    let values = (0..<Int32(selected.count)).map { row.statement.value(at: $0) }
                    return DynamicRecord(
                        table: table, columns: selected, values: values, key: keyPositions.map { values[$0] })
                }
                var fullSizes: [Int: Int] = [:]
                let values = (0..<selected.count).map { index -> SQLValue in
                    let column = row.statement.column(at: Int32(index))
                    guard cutColumns.contains(index) else { return column.value }
                    let (value, size) = column.value(cutAt: limit)
                    if let size { fullSizes[index] = size }
                    return value
                }
                return DynamicRecord(
                    table: table, columns: selected, values: values, key: keyPositions.map { values[$0] },
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
        return try query.first()
    }

    /// The first of SQLite's names for the rowid that no column takes, nil when columns shadow all.
    private static func rowIDName(_ info: TableInfo) -> String? {
        let taken = Set(info.columns.map { $0.name.lowercased() })
        if info.primaryKey.count == 1, let column = info.column(named: info.primaryKey[0]),
            column.declaredType.uppercased() == "INTEGER"
        {
            return column.name
        }
        return ["rowid", "_rowid_", "oid"].first { !taken.contains($0) }
    }

    private static func describe(_ info: TableInfo, in database: Database) -> EntityDescription {
        let visible = info.columns.filter { $0.generated != .hidden }.map(\.name)
        let keyColumns: [String]
        let integerKey: Bool
        if info.kind == .view {
            keyColumns = []
            integerKey = false
        } else if info.hasRowID, let rowid = rowIDName(info) {
            // An INTEGER PRIMARY KEY is the rowid itself; otherwise the hidden rowid is the key, by a
            // name no column shadows.
            if info.primaryKey.count == 1, let column = info.column(named: info.primaryKey[0]),
                column.declaredType.uppercased() == "INTEGER"
            {
                keyColumns = [column.name]
            } else {
                keyColumns = [rowid]
            }
            integerKey = true
        } else {
            keyColumns = info.primaryKey
            integerKey = false
        }
        let columns = keyColumns.filter { !visible.contains($0) } + visible
        var relationships: [String: EntityDescription.Relationship] = [:]
        for key in info.foreignKeys where key.columns.count == 1 {
            let target = key.table
            let targetColumn = key.referencedColumns.first ?? "rowid"
            relationships[key.columns[0]] = .init(
                column: key.columns[0],
                target: { (try? database.table(target))?.entity },
                targetColumn: targetColumn)
        }
        return EntityDescription(
            table: info.name, keyColumns: keyColumns, columns: columns, relationships: relationships,
            hasIntegerKey: integerKey)
    }
}

extension Database {
    /// A table or view found at run time by name.
    ///
    /// - Throws: ``ORMError/unknownName(_:)`` when there is none.
    public func table(_ name: String) throws -> DynamicTable {
        DynamicTable(info: try requireTableInfo(name), database: self)
    }

    /// Every table and view, by name.
    public func tables() throws -> [DynamicTable] {
        try schemaObjects().map { try table($0.name) }
    }

    func requireTableInfo(_ name: String) throws -> TableInfo {
        guard let info = try tableInfo(name) else { throw ORMError.unknownName(name) }
        return info
    }
}
