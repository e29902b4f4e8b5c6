/// The column a grid is sorted by.
struct GridSort: Hashable, Sendable {
    /// The sorted column index.
    var column: Int
    /// Whether the order is descending (▼) rather than ascending (▲).
    var descending: Bool
}
