/// Numbers written for axes and legends: as few digits as the step between ticks needs, thousands
/// grouped below ten million, and `k`, `M`, `G` beyond, so a label fits under its tick.
///
/// ```swift
/// PlotNumberText.text(1234.5, step: 100)      // "1,234"
/// PlotNumberText.text(0.25, step: 0.05)       // "0.25"
/// PlotNumberText.text(12_500_000, step: 5e5)  // "12.5M"
/// ```
enum PlotNumberText {
    /// `value` with the decimals `step` needs (none for a step of 1 or more); `magnitude` (the
    /// largest value of the axis, by default `value`'s own) decides whether it is written with `k`,
    /// `M`, `G`, so the labels of one axis are written alike.
    static func text(_ value: Double, step: Double, magnitude: Double? = nil) -> String {
        guard value.isFinite else {
            return value.isNaN ? "NaN" : (value < 0 ? "-inf" : "inf")
        }
        let magnitude = max(abs(value), abs(magnitude ?? 0))
        if magnitude >= 10_000_000 {
            // The largest unit the step is at least half of: ticks 100M apart read 100M, 200M, not 0.1G.
            for (scale, suffix) in [(1e12, "T"), (1e9, "G"), (1e6, "M")] where magnitude >= scale && (step <= 0 || step >= scale / 2) {
                let scaledStep = step > 0 ? step / scale : 1
                return CellFormatter.groupingThousands(plain(value / scale, decimals: min(3, decimals(for: scaledStep)))) + suffix
            }
        }
        if magnitude != 0 && magnitude < 0.0001 && step < 0.0001 {
            return cFormat("%.2e", value)
        }
        return CellFormatter.groupingThousands(plain(value, decimals: decimals(for: step)))
    }

    /// How many decimals a tick step shows: none for 1 and more, 1 for 0.1 to 0.9, and so on.
    static func decimals(for step: Double) -> Int {
        guard step > 0, step.isFinite, step < 1 else {
            return 0
        }
        var decimals = 0
        var scaled = step
        while scaled < 0.999_999 && decimals < 10 {
            scaled *= 10
            decimals += 1
        }
        // A step of 0.25 needs two.
        let rest = scaled - scaled.rounded(.down)
        return rest > 0.001 && rest < 0.999 && decimals < 10 ? decimals + 1 : decimals
    }

    private static func plain(_ value: Double, decimals: Int) -> String {
        let text = cFormat("%.*f", Int32(decimals), value)
        return text == "-0" ? "0" : text
    }
}
