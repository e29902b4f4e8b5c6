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
    /// Apply every edit, overwriting the other writer's values. An edit of a row deleted meanwhile
    /// is skipped: an update would change nothing, and the row is already gone for a delete.
    case overwrite
}

/// What applying edits did: the rows inserted, how many edits were written, and the conflicting
/// edits a policy left out.
public struct AppliedEdits: Sendable, Hashable {
    /// The rowids of the inserted rows, in order.
    public var inserted: [Int64] = []
    /// How many edits were written (inserts, updates and deletes).
    public var written = 0
    /// The conflicting edits not written: all of them with ``ConflictPolicy/keepTheirs``, those
    /// whose row is gone with ``ConflictPolicy/overwrite`` (there is nothing left to overwrite).
    public var skipped: [EditConflict] = []

    /// Nothing applied yet.
    public init() {}
}

/// Edits refused because rows changed meanwhile; nothing was written.
public struct EditConflictError: Error, Sendable, CustomStringConvertible {
    /// Every conflicting edit, with the row's current values.
    public let conflicts: [EditConflict]

    public var description: String {
        "\(conflicts.count) row\(conflicts.count == 1 ? "" : "s") changed since you read them"
    }
}
