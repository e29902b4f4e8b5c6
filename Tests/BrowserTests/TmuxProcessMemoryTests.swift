import Foundation
import ORMCore
import TerminalTestSupport
import XCTest

/// The real program keeps to one malloc arena (``Browser/ProcessMemory``): its background threads
/// (counts, a sort's key snapshot) allocate in the main heap rather than in arenas of their own,
/// each of which would keep its freed pages resident. Read from `/proc/PID/maps`, where glibc's
/// arenas beside the main heap are anonymous mappings of 64 MiB at addresses aligned to 64 MiB.
final class TmuxProcessMemoryTests: XCTestCase {
    /// The size and alignment of an arena's heap in glibc on 64-bit Linux (`HEAP_MAX_SIZE`).
    private let arenaHeapSize = 64 << 20

    func testReefSortsOnOneMallocArena() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reef-arena-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/rows.db"
        let database = try Database(path: path)
        try database.execute("CREATE TABLE t (i INTEGER, h TEXT)")
        try database.execute("""
            INSERT INTO t WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 100000)
            SELECT i, hex(i * 7919) FROM c
            """)
        let terminal = try TmuxTerminal(name: "arena")
        try terminal.startReef([path, "--table", "t"], columns: 100, rows: 20, for: self)
        try terminal.waitFor("1/100,000")
        try terminal.send("l", "s")
        try terminal.waitFor("sort h▲")
        let reef = try reefProcess(of: terminal)
        let maps = try String(contentsOfFile: "/proc/\(reef)/maps", encoding: .utf8)
        XCTAssertEqual(arenaCount(maps), 0, maps)
    }

    /// The pid of reef, the child of the pane's shell.
    private func reefProcess(of terminal: TmuxTerminal) throws -> Int32 {
        let shell = try terminal.tmux(["display-message", "-p", "-t", terminal.session, "#{pane_pid}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        for entry in try FileManager.default.contentsOfDirectory(atPath: "/proc") {
            guard let pid = Int32(entry),
                  let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let end = stat.range(of: ") ", options: .backwards)
            else { continue }
            // After the command's name: the state, then the parent's pid.
            let fields = stat[end.upperBound...].split(separator: " ")
            if fields.count > 1, fields[1] == shell, stat.contains("(reef)") {
                return pid
            }
        }
        XCTFail("no reef process under the pane's shell \(shell)")
        throw CocoaError(.fileNoSuchFile)
    }

    /// The arenas beside the main heap in `maps`: an anonymous read-write mapping at an address
    /// aligned to 64 MiB which, with the unused (`---p`) mapping after it, spans 64 MiB.
    private func arenaCount(_ maps: String) -> Int {
        struct Mapping { let start: Int, end: Int, permissions: Substring, anonymous: Bool }
        let mappings: [Mapping] = maps.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            let bounds = fields.first?.split(separator: "-") ?? []
            guard fields.count >= 5, bounds.count == 2, let start = Int(bounds[0], radix: 16),
                  let end = Int(bounds[1], radix: 16) else { return nil }
            return Mapping(start: start, end: end, permissions: fields[1], anonymous: fields.count == 5)
        }
        return mappings.indices.filter { index in
            let mapping = mappings[index]
            guard mapping.anonymous, mapping.permissions.hasPrefix("rw"), mapping.start % arenaHeapSize == 0 else {
                return false
            }
            var end = mapping.end
            if index + 1 < mappings.count, mappings[index + 1].start == end, mappings[index + 1].anonymous,
               mappings[index + 1].permissions.hasPrefix("---") {
                end = mappings[index + 1].end
            }
            return end - mapping.start == arenaHeapSize
        }.count
    }
}
