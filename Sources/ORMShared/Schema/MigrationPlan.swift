/// What a lightweight migration will do to one table, worked out before anything runs.
public struct MigrationPlan: Sendable, Equatable {
    /// One step of a plan.
    public enum Step: Sendable, Equatable, CustomStringConvertible {
        /// Create the table and its indexes.
        case createTable
        /// Rename the table from a former name.
        case renameTable(from: String)
        /// Rename a column from a former name.
        case renameColumn(from: String, to: String)
        /// Add a column, filled with its default.
        case addColumn(String)
        /// Rebuild the table (copy into a new one) for removed columns or changed types, nullability
        /// or foreign keys; on PostgreSQL the table is altered in place instead
        /// (`PostgresMigrator`).
        case rebuild(reasons: [String])
        /// Drop an index ORMCore made that the model no longer declares.
        case dropIndex(String)
        /// Create a declared index.
        case createIndex(String)

        public var description: String {
            switch self {
            case .createTable: "create table"
            case .renameTable(let from): "rename table from \(from)"
            case .renameColumn(let from, let to): "rename column \(from) to \(to)"
            case .addColumn(let name): "add column \(name)"
            case .rebuild(let reasons): "rebuild table (\(reasons.joined(separator: "; ")))"
            case .dropIndex(let name): "drop index \(name)"
            case .createIndex(let name): "create index \(name)"
            }
        }
    }

    /// The table migrated.
    public let table: String
    /// The steps in order.
    public package(set) var steps: [Step] = []
    /// Columns whose stored type changes, with their new type: their values are checked after copying.
    public package(set) var conversions: [String: ColumnType] = [:]
    /// Existing column each new column is copied from in a rebuild (new name → old name).
    public package(set) var sources: [String: String] = [:]

    /// Whether nothing needs to change.
    public var isEmpty: Bool { steps.isEmpty }

    /// Whether the table is rebuilt.
    public var rebuilds: Bool {
        steps.contains { if case .rebuild = $0 { return true } else { return false } }
    }

    /// Works out the plan for `schema` against its table as `database` describes it (or a table
    /// it was formerly named).
    package static func make(
        for schema: ModelSchema, in database: some SchemaIntrospector, dialect: SQLDialect
    ) throws -> MigrationPlan {
        let existing = try database.tableInfo(schema.table)
        return make(for: schema, existing: existing, dialect: dialect) { name in try? database.tableInfo(name) }
    }

    /// Works out the plan for `schema` against the table as it is (`existing`, nil when missing).
    /// `lookUp` describes other tables (those the table was formerly named). A column's type
    /// changes when SQLite's affinity of its declared type differs from the model's, or, in the
    /// PostgreSQL dialect, when its declared type is not the one the dialect gives the model's
    /// column (`timestamp with time zone` is `timestamptz`).
    public static func make(
        for schema: ModelSchema, existing: TableInfo?, dialect: SQLDialect,
        lookUp: (String) -> TableInfo?
    ) -> MigrationPlan {
        var plan = MigrationPlan(table: schema.table)
        var current = existing
        if current == nil {
            for former in schema.formerTableNames {
                if let info = lookUp(former) {
                    plan.steps.append(.renameTable(from: former))
                    current = info
                    break
                }
            }
        }
        guard let current else {
            plan.steps.append(.createTable)
            plan.steps += schema.indexes.map { .createIndex($0.name(in: schema.table)) }
            return plan
        }
        plan.planColumns(schema, current, dialect)
        plan.planIndexes(schema, current)
        return plan
    }

    private mutating func planColumns(_ schema: ModelSchema, _ existing: TableInfo, _ dialect: SQLDialect) {
        var reasons: [String] = []
        var renamed: [(from: String, to: String)] = []
        var added: [String] = []
        var used: Set<String> = [schema.primaryKey.name.lowercased()]
        for column in schema.columns {
            var source = existing.column(named: column.name)
            if source == nil,
                let former = column.formerNames.first(where: { name in
                    existing.column(named: name) != nil && schema.indexOfColumn(named: name) == nil
                })
            {
                source = existing.column(named: former)
                renamed.append((former, column.name))
            }
            guard let source else {
                added.append(column.name)
                continue
            }
            used.insert(source.name.lowercased())
            // Renames run before a rebuild, so the copy reads the column under its new name.
            sources[column.name] = renamed.contains { $0.to == column.name } ? column.name : source.name
            if let change = dialect.rules.conversion(
                declared: source.declaredType, to: column.type, storing: column.storedType) {
                reasons.append("\(column.name): \(change)")
                conversions[column.name] = column.type
            }
            if source.isNotNull != !column.isNullable {
                reasons.append("\(column.name): \(column.isNullable ? "now nullable" : "now NOT NULL")")
            }
            let hasReference = existing.foreignKeys.contains { $0.columns.count == 1 && $0.columns[0].lowercased() == source.name.lowercased() }
            if hasReference != (column.reference != nil) {
                reasons.append("\(column.name): foreign key \(column.reference == nil ? "removed" : "added")")
            }
        }
        let removed = existing.columns.filter { $0.generated == .no && !used.contains($0.name.lowercased()) }
        if !removed.isEmpty {
            reasons.append("removed " + removed.map(\.name).joined(separator: ", "))
        }
        if existing.column(named: schema.primaryKey.name) == nil {
            reasons.append("key column \(schema.primaryKey.name) is new")
        }
        steps += renamed.map { .renameColumn(from: $0.from, to: $0.to) }
        if reasons.isEmpty {
            steps += added.map { .addColumn($0) }
        } else {
            steps.append(.rebuild(reasons: reasons))
        }
    }

    private mutating func planIndexes(_ schema: ModelSchema, _ existing: TableInfo) {
        let wanted = schema.indexes.map { $0.name(in: schema.table) }
        let ours = existing.indexes.map(\.name).filter { name in
            [schema.table, existing.name].contains { table in
                name.hasPrefix("orm_index_\(table)_") || name.hasPrefix("orm_unique_\(table)_")
            }
        }
        if rebuilds {
            // A rebuild drops every index; all declared ones are created again.
            steps += wanted.map { .createIndex($0) }
            return
        }
        steps += ours.filter { !wanted.contains($0) }.map { .dropIndex($0) }
        steps += wanted.filter { !ours.contains($0) }.map { .createIndex($0) }
    }
}
