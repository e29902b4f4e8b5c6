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

    package init(info: TableInfo, database: Database) {
        self.info = info
        self.database = database
        self.entity = Self.describe(info, in: database)
    }

    /// The table's name.
    public var name: String { info.name }

    /// Whether rows can be changed through the table: tables with a rowid or a primary key; not views.
    public var isWritable: Bool { info.kind != .view && (info.hasRowID || !info.primaryKey.isEmpty) }

    /// The first of SQLite's names for the rowid that no column takes, nil when columns shadow all.
    /// PostgreSQL's integer column types.
    private static let serverIntegerTypes: Set<String> = ["smallint", "integer", "bigint", "int2", "int4", "int8"]

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
            // A server's integer types hold only integers (a WITHOUT ROWID table's INTEGER key in
            // SQLite may hold text): such a key is kept compactly and told by row.
            integerKey =
                database.dialect.rules.hasStrictTypes && info.primaryKey.count == 1
                && info.column(named: info.primaryKey[0]).map {
                    Self.serverIntegerTypes.contains($0.declaredType.lowercased())
                } == true
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
        var description = EntityDescription(
            table: info.name, keyColumns: keyColumns, columns: columns, relationships: relationships,
            hasIntegerKey: integerKey)
        description.storedTypes = storedTypes(of: columns, in: info, dialect: database.dialect)
        return description
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
