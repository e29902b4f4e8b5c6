/// The count, mean and spread of numbers seen one group of equal values at a time, kept the
/// stable way: the sum compensated (Neumaier's), the spread by Welford's method weighted by each
/// group's count, with no sum of squares to lose digits in.
struct Moments: Sendable, Equatable {
    /// How many values were added.
    private(set) var count = 0
    /// Their running mean, for the spread.
    private var runningMean = 0.0
    /// Their sum, and what its additions lost to rounding.
    private var sum = 0.0, compensation = 0.0
    /// The sum of squared distances from the mean.
    private var squares = 0.0

    /// Adds `count` values equal to `value`.
    mutating func add(_ value: Double, count added: Int) {
        guard added > 0 else {
            return
        }
        count += added
        let delta = value - runningMean
        runningMean += delta * Double(added) / Double(count)
        squares += delta * Double(added) * (value - runningMean)
        let term = value * Double(added)
        let total = sum + term
        compensation += abs(sum) >= abs(term) ? (sum - total) + term : (term - total) + sum
        sum = total
    }

    /// Their mean (0 for none).
    var mean: Double {
        count > 0 ? (sum + compensation) / Double(count) : 0
    }

    /// The sample standard deviation (divided by count − 1, as VisiData, pandas and
    /// spreadsheets' `STDEV` give it); nil for fewer than two values; NaN when an infinity or a
    /// NaN was added, as PostgreSQL's `stddev` gives it (where clamping at 0 showed 0.00).
    var standardDeviation: Double? {
        guard count > 1 else {
            return nil
        }
        return squares.isNaN ? .nan : (max(0, squares) / Double(count - 1)).squareRoot()
    }
}
