import Foundation

/// Runs a scenario several times for each library and keeps each library's median wall time.
///
/// The libraries take turns run by run (raw, ORMCore, GRDB, raw, …), so a change in the machine's
/// load during the scenario affects all three alike and their ratios stay fair.
struct Harness {
    let runs: Int
    /// When set (`--only orm`, say), the other libraries are skipped: for profiling one of them.
    var only: String? = nil

    /// One library's part in a scenario: an untimed setup, then the timed body.
    struct Contender {
        let library: String
        let sample: () throws -> Double

        init<State>(_ library: String, setup: @escaping () throws -> State, _ body: @escaping (State) throws -> Void) {
            self.library = library
            sample = {
                let state = try setup()
                let elapsed = try ContinuousClock().measure { try body(state) }
                return Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3
            }
        }
    }

    /// The median time in milliseconds of each contender, in order (0 for a library skipped by `only`).
    func medians(_ contenders: [Contender]) throws -> [Double] {
        var samples = Array(repeating: [Double](), count: contenders.count)
        for _ in 0..<runs {
            for (index, contender) in contenders.enumerated() where only == nil || only == contender.library {
                samples[index].append(try contender.sample())
            }
        }
        return samples.map { times in
            guard !times.isEmpty else { return 0 }
            let sorted = times.sorted()
            return sorted[sorted.count / 2]
        }
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
    /// The raw C API filling a plain Swift class per row instead of a struct, when measured.
    var plainClass: Double? = nil
    /// The same with the class padded to an ORMCore object's size: its time and instance bytes.
    var paddedClass: (time: Double, bytes: Int)? = nil
    /// Instance bytes of an ORMCore object and of the plain class, as malloc reserves them.
    var ormObjectBytes = 0
    var plainClassBytes = 0

    static let header = pad("scenario", 44) + pad("raw C", 11) + pad("ORMCore", 11) + pad("GRDB", 11)
        + pad("ORM/raw", 9) + pad("GRDB/raw", 9) + "ORM/GRDB"

    var line: String {
        pad(scenario, 44) + pad(ms(raw), 11) + pad(ms(orm), 11) + pad(ms(grdb), 11)
            + pad(ratio(orm / raw), 9) + pad(ratio(grdb / raw), 9) + ratio(orm / grdb)
            + (plainClass.map { plainClass in
                "\n" + pad("  raw C into a plain Swift class per row", 44) + pad(ms(plainClass), 11)
                    + "(" + ratio(plainClass / raw) + " raw C; ORMCore " + ratio(orm / plainClass) + " of it; "
                    + "\(plainClassBytes) B an object)"
            } ?? "")
            + (paddedClass.map { padded in
                "\n" + pad("  the same, padded to ORMCore's object size", 44) + pad(ms(padded.time), 11)
                    + "(" + ratio(padded.time / raw) + " raw C; ORMCore " + ratio(orm / padded.time) + " of it; "
                    + "\(padded.bytes) B, ORMCore's \(ormObjectBytes) B)"
            } ?? "")
    }

    private func ms(_ value: Double) -> String { String(format: "%.2f ms", value) }
    private func ratio(_ value: Double) -> String { String(format: "%.2fx", value) }
    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
    private func pad(_ text: String, _ width: Int) -> String { Self.pad(text, width) }
}
