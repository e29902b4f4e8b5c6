/// One statement's change to a table, as a notification trigger of ``PGNotifyTriggers`` announces it
/// when the statement's transaction commits.
public struct PGTableChange: Sendable, Hashable {
    /// What the statement did (`TG_OP`).
    public enum Operation: String, Sendable, Hashable {
        /// Rows were inserted.
        case insert = "INSERT"
        /// Rows were updated.
        case update = "UPDATE"
        /// Rows were deleted.
        case delete = "DELETE"
        /// The table was truncated.
        case truncate = "TRUNCATE"
    }

    /// The table changed.
    public let table: PGQualifiedName
    /// What was done to it.
    public let operation: Operation
    /// The transaction that did it (its 64-bit id), where the trigger said (those installed
    /// before it did not).
    public let transaction: UInt64?

    /// Makes a change.
    public init(table: PGQualifiedName, operation: Operation, transaction: UInt64? = nil) {
        self.table = table
        self.operation = operation
        self.transaction = transaction
    }

    /// Reads a notification sent by the triggers: its payload is the operation, the schema, the
    /// table and the transaction id, each on a line of its own (names cannot hold a NUL, and a
    /// line break in a name is escaped; triggers installed before the id was added send three
    /// lines), nil for any other notification.
    public init?(_ notification: PGNotification) {
        guard notification.channel == PGNotifyTriggers.channel else {
            return nil
        }
        let parts = notification.payload.split(separator: "\n", omittingEmptySubsequences: false)
        guard parts.count == 3 || parts.count == 4, let operation = Operation(rawValue: String(parts[0])) else {
            return nil
        }
        table = PGQualifiedName(schema: Self.unescape(parts[1]), name: Self.unescape(parts[2]))
        self.operation = operation
        transaction = parts.count == 4 ? UInt64(parts[3]) : nil
    }

    /// Undoes the trigger's escaping: `\n` for a line break, `\\` for a backslash.
    private static func unescape(_ text: Substring) -> String {
        var result = ""
        var escaping = false
        for character in text {
            if escaping {
                result.append(character == "n" ? "\n" : character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}
