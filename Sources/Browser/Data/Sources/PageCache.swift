/// Rows kept in fixed-size pages, so scrolling a huge table reads each window once.
///
/// When more than ``capacity`` pages are held, the pages farthest from the one used last are
/// dropped: the cache never grows with the size of the table.
struct PageCache: Sendable {
    /// Rows per page.
    let pageSize: Int
    /// The most pages kept.
    let capacity: Int
    /// The pages held, by page number.
    private var pages: [Int: [SourceRow]] = [:]

    /// Creates an empty cache.
    init(pageSize: Int = 100, capacity: Int = 40) {
        self.pageSize = max(1, pageSize)
        self.capacity = max(1, capacity)
    }

    /// The page numbers that hold the positions `range`.
    func pageNumbers(covering range: Range<Int>) -> ClosedRange<Int>? {
        guard !range.isEmpty, range.lowerBound >= 0 else {
            return nil
        }
        return (range.lowerBound / pageSize)...((range.upperBound - 1) / pageSize)
    }

    /// The rows of page `number`, if held.
    func page(_ number: Int) -> [SourceRow]? {
        pages[number]
    }

    /// Stores page `number`, dropping far pages when full.
    mutating func store(_ rows: [SourceRow], page number: Int) {
        pages[number] = rows
        while pages.count > capacity {
            guard let farthest = pages.keys.max(by: { abs($0 - number) < abs($1 - number) }) else {
                break
            }
            pages[farthest] = nil
        }
    }
}
