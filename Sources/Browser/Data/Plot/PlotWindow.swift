/// The ranges of x and y a plot shows: the whole extent of the values at first, a part of it once
/// zoomed (each zoom halves both spans around a point, and is read again by the database).
///
/// ```swift
/// let window = PlotWindow(x: 0...100, y: 0...10)
/// window.zoomed(around: (x: 80, y: 5))  // x 55...100 (kept inside), y 2.5...7.5
/// ```
struct PlotWindow: Sendable, Equatable {
    /// The horizontal range shown.
    var x: ClosedRange<Double>
    /// The vertical range shown.
    var y: ClosedRange<Double>

    /// The window of values from `x` and `y`, each widened where it is one value (a span of 1
    /// around it, or of a tenth of the value), so every value has a place.
    init(x: ClosedRange<Double>, y: ClosedRange<Double>) {
        self.x = Self.widened(x)
        self.y = Self.widened(y)
    }

    /// Half the spans, centred on `point` but kept inside this window.
    func zoomed(around point: (x: Double, y: Double)) -> PlotWindow {
        PlotWindow(x: Self.half(of: x, around: point.x), y: Self.half(of: y, around: point.y))
    }

    /// `range`, or a span around its one value.
    static func widened(_ range: ClosedRange<Double>) -> ClosedRange<Double> {
        guard range.upperBound <= range.lowerBound else {
            return range
        }
        let half = range.lowerBound == 0 ? 0.5 : abs(range.lowerBound) / 20
        return (range.lowerBound - half)...(range.lowerBound + half)
    }

    private static func half(of range: ClosedRange<Double>, around centre: Double) -> ClosedRange<Double> {
        let span = (range.upperBound - range.lowerBound) / 2
        let low = min(max(range.lowerBound, centre - span / 2), range.upperBound - span)
        return low...(low + span)
    }
}
