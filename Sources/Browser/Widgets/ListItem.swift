/// One entry of a ``ListWidget``: a table name and its row count, nil while counting.
struct ListItem: Hashable, Sendable {
    /// The text shown on the left.
    var title: String
    /// The number shown on the right; nil shows a spinner.
    var count: Int?

    /// Creates an item.
    init(title: String, count: Int? = nil) {
        self.title = title
        self.count = count
    }
}
