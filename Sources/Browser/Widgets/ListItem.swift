/// One entry of a ``ListWidget``: a table name and its row count, nil while counting.
struct ListItem: Hashable, Sendable {
    /// The text shown on the left.
    var title: String
    /// A sign after the title (`◇` for a view), kept whole when the title is cut.
    var mark: String
    /// The number shown on the right; nil shows ``estimate`` as `~N`, else a spinner, or `?` when
    /// ``countFailed``.
    var count: Int?
    /// Whether the number could not be had: `?` is shown.
    var countFailed: Bool
    /// An estimate of the number, shown as `~N` while ``count`` is not known.
    var estimate: Int?
    /// Whether the number is being taken: when not (another schema's table), no spinner turns
    /// where no estimate is known.
    var isCounted: Bool

    /// Creates an item.
    init(title: String, mark: String = "", count: Int? = nil, countFailed: Bool = false, estimate: Int? = nil,
         isCounted: Bool = true) {
        self.title = title
        self.mark = mark
        self.count = count
        self.countFailed = countFailed
        self.estimate = estimate
        self.isCounted = isCounted
    }
}
