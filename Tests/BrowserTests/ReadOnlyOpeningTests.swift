import Foundation
import ORMCore
import TerminalTestSupport
import XCTest
@testable import Browser

/// Opening read-only leaves no file behind where SQLite allows: `--readonly` on a WAL file no other
/// process has open makes no `-shm` (nor `-wal`), and still shows what its WAL holds; a WAL file on
/// a read-only filesystem opens, with or without `--readonly`.
final class ReadOnlyOpeningTests: XCTestCase {
    /// The fixture database, new for each test.
    private var fixture: BrowserFixture!

    override func setUpWithError() throws {
        fixture = try BrowserFixture()
    }

    override func tearDown() {
        fixture.remove()
    }

    /// The files in `folder`, sorted.
    private func files(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    /// Puts the fixture in WAL mode and closes it: no -wal, no -shm left.
    private func makeWAL() throws {
        var configuration = Configuration()
        configuration.journalMode = .unchanged
        try Database(path: fixture.path, configuration: configuration).execute("PRAGMA journal_mode = WAL")
        XCTAssertEqual(try files(in: fixture.directory), ["fixture.sqlite"])
    }

    /// Copies the fixture to `copy` while a row committed last is still only in the WAL: `copy` and
    /// `copy-wal`, no -shm.
    private func copyWithFramesInTheWAL(to copy: URL) throws {
        let database = try Database(path: fixture.path)
        try database.execute("INSERT INTO artists (id, name) VALUES (9, 'Only in the WAL')")
        try FileManager.default.copyItem(atPath: fixture.path, toPath: copy.path)
        try FileManager.default.copyItem(atPath: fixture.path + "-wal", toPath: copy.path + "-wal")
    }

    /// `reef --readonly` on a WAL file no one has open leaves the folder as it was, both when its
    /// WAL is empty and when it holds commits (which are shown).
    func testReadonlyLeavesNoSharedMemoryFileBehind() throws {
        try makeWAL()
        let clean = try ReefProcess.run([fixture.path, "--readonly", "--table", "artists", "--headless", "80x8", "--keys", "G"])
        XCTAssertEqual(clean.status, 0, clean.error)
        XCTAssertTrue(clean.output.contains("Emoji 😀 band"), clean.output)
        XCTAssertEqual(try files(in: fixture.directory), ["fixture.sqlite"], "no -shm or -wal left behind")

        let folder = fixture.directory.appendingPathComponent("copy")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        let copy = folder.appendingPathComponent("framed.sqlite")
        try copyWithFramesInTheWAL(to: copy)
        let framed = try ReefProcess.run([copy.path, "--readonly", "--table", "artists", "--headless", "80x8", "--keys", "G"])
        XCTAssertEqual(framed.status, 0, framed.error)
        XCTAssertTrue(framed.output.contains("Only in the WAL"), framed.output)
        XCTAssertEqual(try files(in: folder), ["framed.sqlite", "framed.sqlite-wal"], "no -shm left behind")
    }

    /// A WAL file on a read-only filesystem (a tmpfs mounted read-only) opens with or without
    /// `--readonly`, showing what its WAL holds, with no -shm; with one left there, too.
    func testAWALFileOnAReadOnlyFilesystemOpens() throws {
        try makeWAL()
        let mountPoint = fixture.directory.appendingPathComponent("mnt")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: false)
        try run("mount", ["-t", "tmpfs", "-o", "size=16m", "reef-test", mountPoint.path])
        defer { try? run("umount", [mountPoint.path]) }
        // A clean WAL file, one with commits only in its WAL, one with the WAL's -shm left beside.
        try FileManager.default.copyItem(atPath: fixture.path, toPath: mountPoint.appendingPathComponent("clean.sqlite").path)
        try copyWithFramesInTheWAL(to: mountPoint.appendingPathComponent("framed.sqlite"))
        let open = try Database(path: fixture.path)
        _ = try open.scalar("SELECT count(*) FROM artists")
        for suffix in ["", "-wal", "-shm"] {
            try FileManager.default.copyItem(atPath: fixture.path + suffix,
                                             toPath: mountPoint.appendingPathComponent("shm.sqlite").path + suffix)
        }
        try run("mount", ["-o", "remount,ro", mountPoint.path])
        let before = try files(in: mountPoint)
        for (name, lastRow) in [("clean", "Emoji 😀 band"), ("framed", "Only in the WAL"), ("shm", "Only in the WAL")] {
            for options in [[], ["--readonly"]] {
                let path = mountPoint.appendingPathComponent("\(name).sqlite").path
                let result = try ReefProcess.run([path] + options + ["--table", "artists", "--headless", "100x8", "--keys", "Gi"])
                XCTAssertEqual(result.status, 0, "\(name) \(options): \(result.error)")
                XCTAssertTrue(result.output.contains(lastRow), "\(name) \(options): \(result.output)")
                XCTAssertTrue(result.output.contains("read-only: \(name).sqlite is on a read-only filesystem"),
                              "\(name) \(options): \(result.output)")
            }
        }
        XCTAssertEqual(try files(in: mountPoint), before)
    }

    /// Runs `command` (mount, umount) with `arguments`, failing with its message.
    private func run(_ command: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [command] + arguments
        let error = Pipe()
        process.standardError = error
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            // Not a skip: the test needs a read-only filesystem, which root makes with mount.
            throw MissingTool(description: "\(command) \(arguments.joined(separator: " ")) failed (run the tests as root): \(message)")
        }
    }
}
