import ORMCore

/// What identifies a row across reloads: its rowid or primary-key values.
///
/// Views and query results have no key; their rows are identified by position only.
struct RowKey: Hashable, Sendable {
    /// The key values, in key-column order.
    var values: [SQLValue]
}
