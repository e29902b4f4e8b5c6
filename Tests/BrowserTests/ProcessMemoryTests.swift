import Foundation
#if canImport(Glibc)
import Glibc
#endif
import XCTest
@testable import Browser

/// What reef does to its own process (``ProcessMemory``): GnuTLS kept from initialising itself
/// when libpq loads it, without reef's children inheriting the variable that does so; the free
/// pages of malloc's heap given back. The one arena is tested on the real program
/// (`TmuxProcessMemoryTests`): a test process has made its arenas long before.
final class ProcessMemoryTests: XCTestCase {
    /// The start sets `GNUTLS_NO_IMPLICIT_INIT=1` (the tests run without it), and a command reef
    /// runs (an editor) gets the environment without it.
    func testTheStartSetsTheGnuTLSVariableWhichChildrenDoNotInherit() throws {
        XCTAssertTrue(ProcessMemory.setsGnuTLSVariable, "the tests run without \(ProcessMemory.gnuTLSVariable)")
        ProcessMemory.configureAtStart()
        XCTAssertEqual(getenv(ProcessMemory.gnuTLSVariable).map { String(cString: $0) }, "1")

        let seen = FileManager.default.temporaryDirectory.appendingPathComponent("reef-child-env-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: seen) }
        let ended = try ForegroundCommand.run("sh -c 'env > \"$1\"' --", arguments: [seen], silenced: true)
        XCTAssertEqual(ended, .exited(0))
        let environment = try String(contentsOfFile: seen, encoding: .utf8)
        XCTAssertTrue(environment.contains("PATH="), environment)
        XCTAssertFalse(environment.contains(ProcessMemory.gnuTLSVariable), environment)
    }

    /// A variable the user set is theirs: their children keep it.
    func testTheUsersOwnGnuTLSVariableIsPassedOn() {
        let environment = ["PATH": "/bin", ProcessMemory.gnuTLSVariable: "0"]
        XCTAssertEqual(ProcessMemory.childEnvironment(environment, reefSetsGnuTLSVariable: false), environment)
        XCTAssertEqual(ProcessMemory.childEnvironment(environment, reefSetsGnuTLSVariable: true), ["PATH": "/bin"])
    }

    /// Memory freed in the middle of the heap (a block after it still held, so malloc cannot give
    /// it back by moving the heap's end) stays resident until ``ProcessMemory/trim()``.
    func testTrimGivesFreedPagesBack() throws {
        let blockCount = 400, blockSize = 64 * 1024  // under malloc's mmap threshold: heap memory
        var blocks: [UnsafeMutableRawPointer] = []
        for _ in 0..<blockCount {
            let block = try XCTUnwrap(malloc(blockSize))
            memset(block, 1, blockSize)
            blocks.append(block)
        }
        let kept = try XCTUnwrap(malloc(blockSize))
        memset(kept, 1, blockSize)
        defer { free(kept) }
        blocks.forEach { free($0) }
        let before = try residentAnonymousKiB()
        ProcessMemory.trim()
        let after = try residentAnonymousKiB()
        // 25 MB freed; most of it goes back (the rest of the process allocates meanwhile).
        XCTAssertGreaterThan(before - after, 15_000, "resident anonymous memory \(before) kB before the trim, \(after) kB after")
    }

    /// `RssAnon` of this process, in kB.
    private func residentAnonymousKiB() throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try XCTUnwrap(status.split(separator: "\n").first { $0.hasPrefix("RssAnon:") })
        return try XCTUnwrap(Int(line.split(whereSeparator: \.isWhitespace).dropFirst().first ?? ""))
    }
}
