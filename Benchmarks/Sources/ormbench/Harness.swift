import Foundation

/// Runs a scenario several times and keeps the median wall time.
struct Harness {
    let runs: Int
    /// When set (`--only orm`, say), the other libraries are skipped: for profiling one of them.
    var only: String? = nil

    /// Times `body` after an untimed `setup`, `runs` times; returns the median in milliseconds
    /// (0 for a library skipped by `only`).
    func median<State>(
        _ library: String, setup: () throws -> State, _ body: (State) throws -> Void
    ) rethrows -> Double {
        if let only, only != library { return 0 }
        var samples: [Double] = []
        for _ in 0..<runs {
            let state = try setup()
            let clock = ContinuousClock()
            let elapsed = try clock.measure { try body(state) }
            samples.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3)
        }
        samples.sort()
        return samples[samples.count / 2]
    }
}

/// The folder every scratch database of this process goes in, removed when the process ends.
let scratchRoot = FileManager.default.temporaryDirectory.appendingPathComponent("ormbench-\(UUID().uuidString)")

/// A fresh directory for one run's database files, inside ``scratchRoot``.
func scratchFile(_ name: String) throws -> String {
    let directory = scratchRoot.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory.appendingPathComponent(name).path
}

/// Removes every scratch database this process made.
func removeScratch() {
    try? FileManager.default.removeItem(at: scratchRoot)
}

/// One line of the report.
struct ResultRow {
    let scenario: String
    let raw: Double
    let orm: Double
    let grdb: Double

    static let header = pad("scenario", 44) + pad("raw C", 11) + pad("ORMCore", 11) + pad("GRDB", 11)
        + pad("ORM/raw", 9) + pad("GRDB/raw", 9) + "ORM/GRDB"

    var line: String {
        pad(scenario, 44) + pad(ms(raw), 11) + pad(ms(orm), 11) + pad(ms(grdb), 11)
            + pad(ratio(orm / raw), 9) + pad(ratio(grdb / raw), 9) + ratio(orm / grdb)
    }

    private func ms(_ value: Double) -> String { String(format: "%.2f ms", value) }
    private func ratio(_ value: Double) -> String { String(format: "%.2fx", value) }
    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
    private func pad(_ text: String, _ width: Int) -> String { Self.pad(text, width) }
}
