/// A trigger on a table or view as the database describes it: its name and the statement that
/// made it.
public struct TriggerInfo: Sendable, Hashable {
    /// The trigger's name.
    public let name: String
    /// Its `CREATE TRIGGER` statement.
    public let sql: String

    /// Makes a trigger description.
    public init(name: String, sql: String) {
        self.name = name
        self.sql = sql
    }
}
