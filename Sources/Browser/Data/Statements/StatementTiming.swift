/// How long a statement typed at the SQL prompt took, as `psql`'s `\timing` tells it, in two
/// parts: the server (from sending the statement to its first row, or to its end when it
/// returned none) and the rows' arrival (from the first row to the last one stored in reef's copy).
///
/// ```swift
/// StatementTiming(server: .microseconds(3_140), arrival: .milliseconds(12)).description
/// // "server 3.1 ms, rows 12.0 ms"
/// ```
struct StatementTiming: Equatable, Sendable, CustomStringConvertible {
    /// From sending the statement to its first row (or its end).
    var server: Duration
    /// From the first row to the last one stored.
    var arrival: Duration

    /// Measures a run: `start` when it was sent, `firstRow` when its first row came (nil: none
    /// came), `end` when the last was stored.
    init(start: ContinuousClock.Instant, firstRow: ContinuousClock.Instant?, end: ContinuousClock.Instant) {
        server = (firstRow ?? end) - start
        arrival = firstRow.map { end - $0 } ?? .zero
    }

    /// The two parts as given.
    init(server: Duration, arrival: Duration) {
        self.server = server
        self.arrival = arrival
    }

    var description: String {
        "server \(Self.describe(server)), rows \(Self.describe(arrival))"
    }

    /// `0.4 ms`, `12.3 ms`, `1.25 s`, `2 min 5 s`: a tenth of a millisecond under a second, a
    /// hundredth of a second under a minute.
    static func describe(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let seconds64 = max(0, seconds)
        if seconds64 >= 60 {
            return "\(seconds64 / 60) min \(seconds64 % 60) s"
        }
        let tenthsOfMilliseconds = max(0, attoseconds) / 100_000_000_000_000
        if seconds64 == 0 {
            return "\(tenthsOfMilliseconds / 10).\(tenthsOfMilliseconds % 10) ms"
        }
        let hundredths = tenthsOfMilliseconds / 100
        return "\(seconds64).\(hundredths < 10 ? "0" : "")\(hundredths) s"
    }
}
