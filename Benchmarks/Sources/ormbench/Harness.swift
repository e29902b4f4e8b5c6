import Foundation

/// Runs a scenario several times for each contender and keeps every run's wall time.
///
/// The contenders take turns run by run (raw, ORMCore, GRDB, raw, …), so a change in the machine's
/// load during the scenario affects them alike; ratios are taken run by run (each run's ORMCore time
/// over the same run's raw C time) and reported as their median and spread.
struct Harness {
    let runs: Int
    /// When set (`--only orm`, or a contender's label: `--only "ORMCore fetchAll()"`), the other
    /// contenders are skipped: for profiling one of them.
    var only: String? = nil

    /// One contender in a scenario: an untimed setup, the timed body, and an untimed measure taken
    /// after it (a file's size, say).
    struct Contender {
        /// `raw`, `orm`, `grdb` or `class`: what `--only` selects.
        let library: String
        /// The name printed.
        let label: String
        let sample: () throws -> (milliseconds: Double, measure: Double?)

        init<State>(
            _ library: String, _ label: String, setup: @escaping () throws -> State,
            _ body: @escaping (State) throws -> Void, measure: ((State) throws -> Double)? = nil
        ) {
            self.library = library
            self.label = label
            sample = {
                let state = try setup()
                let elapsed = try ContinuousClock().measure { try callgrindTimedBody { try body(state) } }
                let milliseconds =
                    Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3
                return (milliseconds, try measure?(state))
            }
        }
    }

    /// Every run's time of each contender, in order (empty for a contender skipped by `only`).
    func measure(_ contenders: [Contender]) throws -> [Measurement] {
        var results = contenders.map { Measurement(library: $0.library, label: $0.label) }
        for _ in 0..<runs {
            for (index, contender) in contenders.enumerated() where only == nil || only == contender.library || only == contender.label {
                let (milliseconds, measure) = try contender.sample()
                results[index].times.append(milliseconds)
                results[index].measure = measure
            }
        }
        return results
    }
}

/// The timed body, never inlined, so `valgrind --tool=callgrind --collect-atstart=no
/// --toggle-collect='*callgrindTimedBody*'` counts the instructions of the timed bodies alone.
@inline(never)
func callgrindTimedBody(_ body: () throws -> Void) rethrows {
    try body()
}

/// One contender's runs.
struct Measurement {
    let library: String
    let label: String
    var times: [Double] = []
    /// The last run's untimed measure (a file size), when the scenario takes one.
    var measure: Double?

    var median: Double { Self.median(times) }

    /// The median, lowest and highest of the run-by-run ratios of this contender's times to
    /// `other`'s (nil when either was skipped).
    func ratio(to other: Measurement) -> (median: Double, low: Double, high: Double)? {
        let ratios = zip(times, other.times).map { $0 / $1 }
        guard let low = ratios.min(), let high = ratios.max() else { return nil }
        return (Self.median(ratios), low, high)
    }

    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}

/// Prints a scenario: each contender's median time, its ratio to the first contender (raw C) with
/// the spread of the run-by-run ratios, and its ratio to each reference (GRDB's records).
func report(_ title: String, _ results: [Measurement], references: [String] = [], measureUnit: String? = nil) {
    print("\n" + title)
    guard let baseline = results.first else { return }
    let referenced = results.filter { references.contains($0.label) }
    for result in results where !result.times.isEmpty {
        var line = "  " + pad(result.label, 40) + pad(String(format: "%9.2f ms", result.median), 14)
        if let unit = measureUnit, let measure = result.measure {
            line += pad(String(format: "%8.1f ", measure) + unit, 13)
        }
        if result.label != baseline.label, let ratio = result.ratio(to: baseline) {
            line += pad(String(format: "%.2fx raw [%.2f–%.2f]", ratio.median, ratio.low, ratio.high), 25)
        }
        for reference in referenced where reference.label != result.label {
            if let ratio = result.ratio(to: reference) {
                line += String(format: "  %.2fx ", ratio.median) + reference.label
            }
        }
        print(line)
    }
}

/// Prints a line at once, unbuffered, also into a pipe (`ormbench | tee`), so a long run shows its
/// progress and a failure keeps what was printed before it. Shadows the standard `print` here.
func print(_ line: String = "") {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
}

/// The folder every scratch database of this process goes in, removed when the process ends.
let scratchRoot = FileManager.default.temporaryDirectory.appendingPathComponent("ormbench-\(UUID().uuidString)")

/// A fresh directory for one run's database files, inside ``scratchRoot``.
func scratchFile(_ name: String) throws -> String {
    let directory = scratchRoot.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory.appendingPathComponent(name).path
}

/// Removes one run's scratch folder (the file's and its WAL's).
func removeScratch(of path: String) {
    try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent())
}

/// Removes every scratch database this process made.
func removeScratch() {
    try? FileManager.default.removeItem(at: scratchRoot)
}

/// The size of a file in MB (0 when it is missing).
func fileMegabytes(_ path: String) -> Double {
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.doubleValue ?? 0
    return size / 1_048_576
}

/// The machine's load average (1, 5 and 15 minutes), from /proc.
func loadAverage() -> String {
    guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "?" }
    return text.split(separator: " ").prefix(3).joined(separator: " ")
}
