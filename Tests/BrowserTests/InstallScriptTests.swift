import Foundation
import TerminalTestSupport
import XCTest

/// `scripts/install` puts reef where a tool lives: the program, its themes (found by the installed
/// program from any folder), completions for bash, zsh and fish, and `--uninstall` takes them away.
/// The manual (`generate-manual`, a release build of the package) is left out here for time.
final class InstallScriptTests: XCTestCase {
    private var prefix: URL!

    override func setUpWithError() throws {
        prefix = FileManager.default.temporaryDirectory.appendingPathComponent("reef-install-\(UUID().uuidString)")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: prefix)
    }

    /// The package's root folder.
    private var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Runs `program` with `arguments` in `folder`; returns its status and standard output.
    private func run(_ program: String, _ arguments: [String], in folder: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = prefix.appendingPathComponent("nowhere").path
        environment["XDG_DATA_DIRS"] = prefix.appendingPathComponent("nowhere").path
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func testTheProgramThemesAndCompletionsGoUnderThePrefixAndComeOutAgain() throws {
        let script = root.appendingPathComponent("scripts/install").path
        let installed = try run("/bin/bash", [script, "--prefix", prefix.path, "--binary", try ReefProcess.executable().path,
                                              "--no-manual"], in: root)
        XCTAssertEqual(installed.status, 0, installed.output)
        let files = ["bin/reef", "share/bash-completion/completions/reef", "share/zsh/site-functions/_reef",
                     "share/fish/vendor_completions.d/reef.fish", "share/reef/themes/solarized.theme"]
        for file in files {
            XCTAssertTrue(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(file).path), file)
        }
        let bash = try String(contentsOf: prefix.appendingPathComponent(files[1]), encoding: .utf8)
        XCTAssertTrue(bash.contains("--prefer-standby") && bash.contains("complete"), "bash completes reef's options")

        // Run from another folder, with no XDG folder holding themes: found beside the program.
        let themes = try run(prefix.appendingPathComponent("bin/reef").path, ["--list-themes"], in: FileManager.default.temporaryDirectory)
        XCTAssertEqual(themes.status, 0)
        XCTAssertTrue(themes.output.contains("solarized      " + prefix.appendingPathComponent("share/reef/themes/solarized.theme").path),
                      themes.output)

        let removed = try run("/bin/bash", [script, "--prefix", prefix.path, "--uninstall"], in: root)
        XCTAssertEqual(removed.status, 0, removed.output)
        for file in files {
            XCTAssertFalse(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(file).path), file)
        }
    }
}
