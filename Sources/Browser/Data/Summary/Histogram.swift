/// A small histogram drawn in block characters (`▁▂▃▄▅▆▇█`), one character a bin: how the
/// values of a column of numbers or dates spread between their smallest and largest.
///
/// ```swift
/// var histogram = Histogram(range: 0...10, integers: false)
/// histogram.add(2.5, count: 3)
/// histogram.add(10, count: 1)
/// histogram.bars  // "    █          ▃"
/// ```
struct Histogram: Sendable, Equatable {
    /// How many bins a histogram has at most (and of reals and dates, always).
    static let binCount = 16
    /// The bar heights, lowest first: a bin with any value gets at least the lowest.
    static let levels: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// The smallest and largest value binned.
    let range: ClosedRange<Double>
    /// How many values fell in each bin.
    private(set) var counts: [Int]

    /// A histogram over `range`, of ``binCount`` bins, or one bin an integer when `integers` and the
    /// range holds fewer integers than that (`1...5` gets 5 bins, none of them empty by rounding).
    init(range: ClosedRange<Double>, integers: Bool) {
        self.range = range
        let span = range.upperBound - range.lowerBound
        let bins = integers && span.isFinite && span + 1 < Double(Self.binCount) ? Int(span) + 1 : Self.binCount
        counts = Array(repeating: 0, count: max(1, bins))
    }

    /// Counts `count` values equal to `value` (a value outside the range goes to the nearest end).
    mutating func add(_ value: Double, count: Int) {
        counts[bin(of: value)] += count
    }

    /// The bin `value` falls in: equal parts of the range, the largest value in the last one.
    func bin(of value: Double) -> Int {
        let span = range.upperBound - range.lowerBound
        guard span > 0, span.isFinite, value.isFinite else {
            return 0
        }
        let position = (value - range.lowerBound) / span * Double(counts.count)
        return min(counts.count - 1, max(0, Int(position.rounded(.down))))
    }

    /// The bins as block characters, each as high as its count against the fullest bin's; an
    /// empty bin is a space, a bin with any value at least `▁`.
    var bars: String {
        let largest = counts.max() ?? 0
        guard largest > 0 else {
            return ""
        }
        return String(counts.map { count -> Character in
            guard count > 0 else {
                return " "
            }
            let level = Int((Double(count) / Double(largest) * Double(Self.levels.count)).rounded(.up))
            return Self.levels[min(Self.levels.count, max(1, level)) - 1]
        })
    }
}
