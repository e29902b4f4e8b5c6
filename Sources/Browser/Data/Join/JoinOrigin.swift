/// A table's view as it was before a join (`J`): what `[` puts back.
struct JoinOrigin: Hashable, Sendable {
    /// The sort order then.
    var sort: GridSort?
    /// The filter then.
    var filter: String?
}
