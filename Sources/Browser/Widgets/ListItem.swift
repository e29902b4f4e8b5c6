/// One entry of a ``ListWidget``: a table name and its row count, nil while counting.
struct ListItem: Hashable, Sendable {
    /// The text shown on the left.
    var title: String
    /// The number shown on the right; nil shows a spinner, or `?` when ``countFailed``.
    var count: Int?
    /// Whether the number could not be had: `?` is shown.
    var countFailed: Bool

    /// Creates an item.
    init(title: String, count: Int? = nil, countFailed: Bool = false) {
        self.title = title
        self.count = count
        self.countFailed = countFailed
    }
}
