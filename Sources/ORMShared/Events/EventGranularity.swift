/// How a handler receives the changes of one commit.
public enum EventGranularity: Sendable, Hashable {
    /// One event per row and commit: the row's final effect, in the order rows were first changed.
    /// Inside one transaction an insert then updates is one insert, an insert then a delete is
    /// nothing, updates then a delete are one delete, several updates are one update naming every
    /// column they wrote, a delete then an insert of the same row is one update. What a UI showing
    /// the rows wants: each row it shows changed once.
    case coalesced
    /// One event for each row each statement wrote, in order: the per-row stream, for those who
    /// replay or audit every write.
    case everyRow
}
