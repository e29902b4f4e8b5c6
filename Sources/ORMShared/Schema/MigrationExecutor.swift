/// Carries out a ``MigrationPlan``: each database its own way. SQLite's ``AutoMigrator`` rebuilds
/// a table by copying it; PostgreSQL's ``PostgresMigrator`` alters it in place, in one transaction.
package protocol MigrationExecutor {
    /// Runs `plan`'s steps for `schema`.
    func apply(_ plan: MigrationPlan, schema: ModelSchema) throws
}

