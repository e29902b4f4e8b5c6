/// What one look of a ``PGChangeProbe`` found since the look before it.
public struct PGChangeReport: Sendable, Equatable {
    /// A transaction that wrote ended somewhere in the cluster (this database or another; an abort
    /// counts too): what a reader shows may be stale and is worth reading again.
    public let committed: Bool
    /// The watched tables whose statistics counters moved: rows were inserted, updated or deleted.
    public let changedTables: Set<PGQualifiedName>
    /// The watched tables that are gone (dropped or renamed) since the look before.
    public let missingTables: Set<PGQualifiedName>
    /// When ``committed``, the transactions that ended since the look before (committed or
    /// aborted; ``PGChangeProbe/committed(among:on:)`` tells which committed), in order; nil when
    /// nothing ended or too many did to list.
    public let endedTransactions: [UInt64]?

    /// Makes a report.
    public init(
        committed: Bool, changedTables: Set<PGQualifiedName> = [], missingTables: Set<PGQualifiedName> = [],
        endedTransactions: [UInt64]? = nil
    ) {
        self.committed = committed
        self.changedTables = changedTables
        self.missingTables = missingTables
        self.endedTransactions = endedTransactions
    }

    /// Whether nothing happened since the look before.
    public var isEmpty: Bool {
        !committed && changedTables.isEmpty && missingTables.isEmpty
    }
}
