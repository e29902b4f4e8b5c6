/// What a lightweight migration tells observers registered with ``Database/onMigration(_:)``.
public enum MigrationEvent: Sendable, Equatable {
    /// About to change a table, with the plan. Delivered on the migrating thread, inside the write.
    case willMigrate(MigrationPlan)
    /// The change committed. Delivered after the transaction, outside every lock.
    case didMigrate(MigrationPlan)

    /// The affected table.
    public var table: String {
        switch self {
        case .willMigrate(let plan), .didMigrate(let plan): plan.table
        }
    }
}
