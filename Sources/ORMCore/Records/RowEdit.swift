/// A change to one row of a table found at run time, kept as a value until it is applied: staging
/// edits holds no lock on the file.
public enum RowEdit: Sendable, Hashable {
    /// Set some columns of the row with `key`; `original` holds the values the editor started from
    /// (every column it saw), to detect a change made by someone else meanwhile.
    case update(key: [SQLValue], original: [String: SQLValue], changes: [String: SQLValue])
    /// Insert a row with these values (other columns take their defaults; a rowid key is generated).
    case insert(values: [String: SQLValue])
    /// Delete the row with `key`, last seen with `original` values.
    case delete(key: [SQLValue], original: [String: SQLValue])

    /// The key of the row the edit targets (none for an insert).
    public var key: [SQLValue]? {
        switch self {
        case .update(let key, _, _), .delete(let key, _): key
        case .insert: nil
        }
    }
}

/// A staged edit whose row changed (or vanished) since the editor read it.
public struct EditConflict: Sendable, Hashable {
    /// The edit.
    public let edit: RowEdit
    /// The row's values now, or nil when it was deleted.
    public let current: [String: SQLValue]?
}

/// What to do with conflicting edits when applying.
public enum ConflictPolicy: Sendable {
    /// Apply nothing and report the conflicts (the default): nothing is overwritten silently.
    case cancel
    /// Skip the conflicting edits, keeping the other writer's values; apply the rest.
    case keepTheirs
    /// Apply every edit, overwriting the other writer's values.
    case overwrite
}

/// Edits refused because rows changed meanwhile; nothing was written.
public struct EditConflictError: Error, Sendable, CustomStringConvertible {
    /// Every conflicting edit, with the row's current values.
    public let conflicts: [EditConflict]

    public var description: String {
        "\(conflicts.count) row\(conflicts.count == 1 ? "" : "s") changed since you read them"
    }
}
