/// The quartiles and median of values that arrive in order, one group of equal values at a time,
/// with the number of values known beforehand: only the values at the positions needed are kept.
///
/// The q-quantile of n sorted values lies at position q·(n − 1) (from 0), between the values
/// at its floor and ceiling, as pandas' `describe`, NumPy and spreadsheets' `PERCENTILE.INC`
/// place it. Numbers take the value in between (``interpolated``); dates, the lower one.
struct Quantiles<Value: Sendable>: Sendable {
    /// The quantiles kept: the first quartile, the median, the third quartile.
    static var fractions: [Double] { [0.25, 0.5, 0.75] }

    /// How many values arrive in all.
    let total: Int
    /// The positions needed, in order.
    private let positions: [Int]
    /// The values found at ``positions`` so far.
    private var found: [Int: Value] = [:]
    /// How many values have arrived.
    private var seen = 0

    /// Quantiles of `total` values.
    init(total: Int) {
        self.total = total
        guard total > 0 else {
            positions = []
            return
        }
        let places = Self.fractions.map { $0 * Double(total - 1) }
        positions = Array(Set(places.flatMap { [Int($0.rounded(.down)), Int($0.rounded(.up))] })).sorted()
    }

    /// Takes `count` values equal to `value`, the next in order.
    mutating func add(_ value: Value, count: Int) {
        add(count: count) { value }
    }

    /// Takes `count` values equal to the one `make` gives, the next in order: `make` is called
    /// only when one of them is at a position needed.
    mutating func add(count: Int, _ make: () -> Value) {
        let range = seen..<(seen + count)
        var value: Value?
        for position in positions where range.contains(position) {
            let made = value ?? make()
            value = made
            found[position] = made
        }
        seen += count
    }

    /// Each quantile as the value at the floor and the ceiling of its position, and how far
    /// between them it lies; nil until every value needed has arrived.
    var bounds: [(lower: Value, upper: Value, fraction: Double)]? {
        guard total > 0 else {
            return nil
        }
        var result: [(lower: Value, upper: Value, fraction: Double)] = []
        for fraction in Self.fractions {
            let place = fraction * Double(total - 1)
            let lower = place.rounded(.down)
            guard let low = found[Int(lower)], let high = found[Int(place.rounded(.up))] else {
                return nil
            }
            result.append((low, high, place - lower))
        }
        return result
    }
}

extension Quantiles where Value == Double {
    /// The quartiles and median, each between the two values around its position.
    var interpolated: [Double]? {
        bounds?.map { $0.lower + ($0.upper - $0.lower) * $0.fraction }
    }
}
