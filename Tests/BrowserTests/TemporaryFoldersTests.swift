import Foundation
import XCTest

@testable import Browser

/// reef's temporary folders (result stores, imports) carry their process's number, and the folders
/// of a reef that is gone (killed by a signal, which leaves them) are removed by the next; a
/// running process's are left.
final class TemporaryFoldersTests: XCTestCase {
    private var base: URL!

    override func setUpWithError() throws {
        base = FileManager.default.temporaryDirectory.appendingPathComponent("reef-folders-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: base)
    }

    /// The number of a process that has ended.
    private func endedProcess() throws -> pid_t {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    private func folder(_ name: String) throws {
        let url = base.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try Data("rows".utf8).write(to: url.appendingPathComponent("result.db"))
    }

    func testTheFoldersOfAnEndedProcessGoAndARunningOnesStay() throws {
        let ended = try endedProcess()
        try folder("reef-result-\(ended)-a1b2c3")
        try folder("reef-import-\(ended)-g7h8i9")
        try folder("reef-result-\(getpid())-d4e5f6")
        try folder("reef-result-x1y2z3")  // an older reef's name, with no number: not ours to judge
        try folder("someone-else")
        try folder("reef-tests-\(ended)-30DB-433A-9120-B4D271E87684")  // a test fixture's folder, UUID-named
        let removed = TemporaryFolders.removeAbandoned(in: base.path)
        XCTAssertEqual(removed, ["reef-import-\(ended)-g7h8i9", "reef-result-\(ended)-a1b2c3"])
        let left = try FileManager.default.contentsOfDirectory(atPath: base.path).sorted()
        XCTAssertEqual(left, ["reef-result-\(getpid())-d4e5f6", "reef-result-x1y2z3",
                              "reef-tests-\(ended)-30DB-433A-9120-B4D271E87684", "someone-else"])
    }

    func testANewFolderCarriesThisProcesssNumber() throws {
        let made = try TemporaryFolders.make("result", in: base.path)
        let name = URL(fileURLWithPath: made).lastPathComponent
        XCTAssertEqual(TemporaryFolders.owner(ofFolderNamed: name), getpid())
        XCTAssertTrue(FileManager.default.fileExists(atPath: made))
    }
}
