/// Where an axis puts its ticks: at round steps (1, 2 or 5 times a power of ten; whole days, months
/// of 30 days and years of 365 for dates, which are measured in days) inside a range.
///
/// ```swift
/// PlotScale.step(span: 97, count: 5)          // 20
/// PlotScale.ticks(in: 3...97, count: 5)       // [20, 40, 60, 80]
/// ```
enum PlotScale {
    /// The round step that cuts `span` in about `count` parts.
    static func step(span: Double, count: Int) -> Double {
        guard span > 0, span.isFinite, count > 0 else {
            return 1
        }
        let raw = span / Double(count)
        var power = 1.0
        while power * 10 <= raw {
            power *= 10
        }
        while power > raw {
            power /= 10
        }
        let fraction = raw / power
        let nice = fraction <= 1 ? 1.0 : fraction <= 2 ? 2.0 : fraction <= 5 ? 5.0 : 10.0
        return nice * power
    }

    /// A round step for dates (Julian days): the number's step when under a day, else a whole number
    /// of days, weeks (7), months (30) or years (365 and its round multiples).
    static func dateStep(span: Double, count: Int) -> Double {
        let raw = span / Double(max(1, count))
        guard raw >= 1 else {
            return step(span: span, count: count)
        }
        for days in [1.0, 2, 7, 14, 30, 61, 91, 182] where raw <= days {
            return days
        }
        return 365 * max(1, step(span: raw / 365, count: 1))
    }

    /// The multiples of `step` inside `range`, lowest first.
    static func ticks(in range: ClosedRange<Double>, step: Double) -> [Double] {
        guard step > 0, step.isFinite, range.lowerBound.isFinite, range.upperBound.isFinite else {
            return []
        }
        var ticks: [Double] = []
        var multiple = (range.lowerBound / step).rounded(.up)
        while multiple * step <= range.upperBound + step * 1e-9, ticks.count < 100 {
            ticks.append(multiple * step)
            multiple += 1
        }
        return ticks
    }

    /// The multiples of the round step that cuts `range` in about `count` parts.
    static func ticks(in range: ClosedRange<Double>, count: Int) -> [Double] {
        ticks(in: range, step: step(span: range.upperBound - range.lowerBound, count: count))
    }
}
