import Foundation
import ORMCore
import TerminalTestSupport
import XCTest
@testable import Browser

/// A reef process killed (SIGKILL) in the middle of a commit leaves a database whose
/// `PRAGMA integrity_check` is `ok`, with either all or none of the staged changes, and reef opens
/// it again normally.
///
/// The reef binary runs headless with a script that stages 400 updates (each firing a trigger
/// that does real work, so the commit lasts about a second), three inserts and three deletions,
/// prints the screen, then commits. A first run measures how long the commit takes; the next
/// ones are killed at seeded random moments in that time (the last one late, where it may land
/// after the commit). A rollback journal left behind
/// proves a kill landed inside the write transaction. `REEF_KILL_SEED=N` replays a run.
final class KillDuringCommitTests: XCTestCase {
    /// How many runs are killed.
    private static let killedRuns = 4
    /// How many rows get an update.
    private static let updates = 400

    /// The schema: `items` with a trigger that counts to 20,000 for each updated row.
    private static let schema = """
        CREATE TABLE items (id INTEGER PRIMARY KEY, note TEXT);
        CREATE TABLE audit (item INTEGER, n INTEGER);
        WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 2000)
          INSERT INTO items SELECT i, 'n' || i FROM c;
        CREATE TRIGGER work AFTER UPDATE ON items BEGIN
          INSERT INTO audit SELECT NEW.id, count(*)
            FROM (WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 20000) SELECT i FROM c);
        END;
        """

    /// The keys: NULL in the note of rows 1...400, three new rows with a note, rows 1500...1502
    /// marked and deleted, the screen printed (the signal to start the clock), then commit.
    private static var script: String {
        "l" + String(repeating: "xj", count: updates) + "\n"
            + "o" + "i<C-u>fresh<Enter>" + "o" + "i<C-u>fresh<Enter>" + "o" + "i<C-u>fresh<Enter>" + "\n"
            + ":1500<Enter>mmmddy\n"
            + "<dump>w\n"
    }

    /// What the database holds of the staged changes.
    private enum Found: Equatable {
        case none, all
        case partly(String)
    }

    func testKillDuringCommitLeavesAllOrNothing() throws {
        let seed = ProcessInfo.processInfo.environment["REEF_KILL_SEED"].flatMap(UInt64.init)
            ?? UInt64(Date().timeIntervalSince1970 * 1000)
        print("kill-during-commit seed: \(seed) (replay with REEF_KILL_SEED=\(seed))")
        var random = SeededGenerator(seed: seed)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reef-kill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let template = folder.appendingPathComponent("template.sqlite").path
        var configuration = Configuration()
        configuration.journalMode = .unchanged
        try Database(path: template, configuration: configuration).executeScript(SQL(stringLiteral: Self.schema))
        let scriptPath = folder.appendingPathComponent("commit.keys").path
        try Self.script.write(toFile: scriptPath, atomically: true, encoding: .utf8)

        // The full run: how long the commit takes here, and what "all" looks like.
        let path = folder.appendingPathComponent("items.sqlite").path
        try FileManager.default.copyItem(atPath: template, toPath: path)
        let full = try StagingRun(path: path, script: scriptPath)
        let commitTime = try full.waitForExit()
        print("kill-during-commit: staging took \(format(full.stagingTime)), commit and exit \(format(commitTime))")
        XCTAssertEqual(try found(in: path), .all, "the run that is not killed commits everything")

        var killedInside = 0
        for run in 1...Self.killedRuns {
            try FileManager.default.removeItem(atPath: path)
            try FileManager.default.copyItem(atPath: template, toPath: path)
            // Most kills early in the commit (the write transaction); the last one late, where it
            // may land after COMMIT and must then find everything.
            let share = run < Self.killedRuns ? Double.random(in: 0.05...0.6, using: &random)
                : Double.random(in: 0.6...1.1, using: &random)
            let delay = commitTime * share
            let staging = try StagingRun(path: path, script: scriptPath)
            // Time passes on purpose: the kill must land at a chosen point inside the commit, and
            // nothing reef shows marks that point (a wait for a condition could not choose it).
            Thread.sleep(forTimeInterval: delay)
            staging.kill()
            let journal = (try? FileManager.default.attributesOfItem(atPath: path + "-journal"))?[.size] as? Int ?? 0
            if journal > 0 {
                killedInside += 1
            }
            let reopened = try ReefProcess.run([path, "--table", "items", "--headless", "60x6"])
            XCTAssertEqual(reopened.status, 0, "run \(run), seed \(seed): \(reopened.error)")
            XCTAssertTrue(reopened.output.contains("│id │note"), "run \(run), seed \(seed): \(reopened.output)")
            let database = try DatabaseOpener.open(path: path, readOnly: true)
            XCTAssertEqual(try database.scalar("PRAGMA integrity_check"), .text("ok"), "run \(run), seed \(seed)")
            let state = try found(in: path)
            print("kill-during-commit run \(run): killed \(format(delay)) into the commit, "
                  + "journal \(journal) bytes, found \(state)")
            XCTAssertTrue(state == .all || state == .none, "run \(run), seed \(seed): \(state)")
            if journal > 0 {
                XCTAssertEqual(state, .none, "run \(run), seed \(seed): a hot journal is rolled back")
            }
        }
        XCTAssertGreaterThan(killedInside, 0, "seed \(seed): no kill landed inside the commit's write transaction")
    }

    /// Which of the staged changes the database at `path` holds.
    private func found(in path: String) throws -> Found {
        let database = try DatabaseOpener.open(path: path, readOnly: true)
        func count(_ sql: SQL) throws -> Int64 {
            if case .integer(let value) = try database.scalar(sql) {
                return value
            }
            return -1
        }
        let audit = try count("SELECT count(*) FROM audit")
        let nulls = try count("SELECT count(*) FROM items WHERE note IS NULL")
        let fresh = try count("SELECT count(*) FROM items WHERE note = 'fresh'")
        let deleted = try 3 - count("SELECT count(*) FROM items WHERE id BETWEEN 1500 AND 1502")
        let parts = [audit, nulls, fresh, deleted]
        if parts == [0, 0, 0, 0] {
            return .none
        }
        if parts == [Int64(Self.updates), Int64(Self.updates), 3, 3] {
            return .all
        }
        return .partly("audit \(audit), NULL notes \(nulls), new rows \(fresh), deleted \(deleted)")
    }

    /// Seconds with two decimals.
    private func format(_ seconds: TimeInterval) -> String {
        String(format: "%.2f s", seconds)
    }
}

/// Reef ended, or took over two minutes, before printing the screen before its commit.
private struct StagingFailure: Error, CustomStringConvertible {
    /// What it printed.
    let output: String

    var description: String {
        "reef ended or stalled before its commit; it printed:\n\(output)"
    }
}

/// A reef process staging the changes: started at once, and returned once it has printed the
/// screen before its commit.
private final class StagingRun {
    /// The process.
    private let process = Process()
    /// Its standard output, read as it comes.
    private let output = Pipe()
    /// How long staging took, until the screen before the commit was printed.
    let stagingTime: TimeInterval
    /// When that screen was seen.
    private let committing: Date

    /// Starts reef headless on `path` with the keys in `script`, and waits (up to two minutes)
    /// until the staged changes are printed: the commit starts next.
    init(path: String, script: String) throws {
        process.executableURL = try ReefProcess.executable()
        process.arguments = [path, "--table", "items", "--headless", "80x10", "--script", script]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let start = Date()
        try process.run()
        var seen = Data()
        let marker = Data("staged: deletion of 3 rows".utf8)
        while seen.range(of: marker) == nil {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty, Date().timeIntervalSince(start) < 120 else {
                process.terminate()
                throw StagingFailure(output: String(decoding: seen, as: UTF8.self))
            }
            seen.append(chunk)
        }
        committing = Date()
        stagingTime = committing.timeIntervalSince(start)
    }

    /// Waits for the process to end by itself; returns the time from the commit's start.
    func waitForExit() throws -> TimeInterval {
        _ = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Date().timeIntervalSince(committing)
    }

    /// Kills the process with SIGKILL and reaps it.
    func kill() {
        _ = Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
