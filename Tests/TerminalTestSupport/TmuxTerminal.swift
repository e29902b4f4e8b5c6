import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// A real terminal for end-to-end tests: a tmux server of the test's own (its own `-L` socket, no
/// configuration file, so a user's tmux and its settings never meet the tests) with one session,
/// driven by keys in and screen text out.
///
/// Call ``kill()`` when the test ends, passed or failed: ``start(_:columns:rows:)`` registers it as a
/// teardown block of the test it is given.
public final class TmuxTerminal {
    /// The session name.
    public let session = "reef-e2e"
    /// The private server's socket name (`tmux -L`), unique to this test process and terminal.
    public let socket: String
    /// Where tmux's output is read from.
    private let outputFile: String

    /// The tmux binary the tests drive (scripts/setup installs it).
    public static let binary = "/usr/bin/tmux"

    /// A terminal named after `name`; fails when tmux is not installed (scripts/setup installs it).
    public init(name: String = "e2e") throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary) else {
            throw MissingTool(description: "tmux is not installed: run scripts/setup (apt-get install tmux)")
        }
        let unique = "\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
        socket = "reef-\(name)-\(unique)"
        outputFile = FileManager.default.temporaryDirectory.appendingPathComponent("reef-tmux-output-\(unique)").path
    }

    /// Starts the session running `shellCommand` (through `sh -c`) in a window of `columns` by
    /// `rows`, and has `test` kill the server when it ends, passed or failed.
    public func start(_ shellCommand: String, columns: Int, rows: Int, for test: XCTestCase) throws {
        test.addTeardownBlock { [self] in kill() }
        try tmux(["new-session", "-d", "-s", session, "-x", String(columns), "-y", String(rows), shellCommand])
    }

    /// Starts the built reef (``ReefProcess/executable()``) with `arguments` in a window of
    /// `columns` by `rows`, after `environment` (shell words such as `TERM=screen`, quoted by the
    /// caller), as ``start(_:columns:rows:for:)`` does. When reef ends the shell says how
    /// (`reef exited with STATUS`) and the pane stays open to be read until the test ends.
    public func startReef(_ arguments: [String], environment: String = "", columns: Int, rows: Int,
                          for test: XCTestCase) throws {
        let command = ([try ReefProcess.executable().path] + arguments).map(Self.shellQuoted).joined(separator: " ")
        let prefix = environment.isEmpty ? "" : environment + " "
        try start(prefix + command + "; echo \"reef exited with $?\"; sleep 600", columns: columns, rows: rows, for: test)
    }

    /// Kills the private server (and so the session and what runs in it) and removes its socket
    /// file and the output file. Harmless when the server is gone.
    public func kill() {
        _ = try? tmux(["kill-server"])
        // tmux leaves the socket file of a killed server behind.
        let folder = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
        unlink("\(folder)/tmux-\(getuid())/\(socket)")
        unlink(outputFile)
    }

    /// Runs tmux on the private server and returns its output.
    @discardableResult
    public func tmux(_ arguments: [String]) throws -> String {
        // Run through system(3), not Process: the tmux server that new-session starts inherits
        // Foundation's descriptors and Process.waitUntilExit would then wait for ever.
        let quoted = arguments.map(Self.shellQuoted)
        let command = "\(Self.binary) -L \(Self.shellQuoted(socket)) -f /dev/null " + quoted.joined(separator: " ")
            + " > \(Self.shellQuoted(outputFile)) 2>/dev/null < /dev/null"
        guard system(command) == 0 else {
            throw TmuxFailure(arguments: arguments)
        }
        return String(decoding: try Data(contentsOf: URL(fileURLWithPath: outputFile)), as: UTF8.self)
    }

    /// Sends keys by tmux name (`Enter`, `Down`, `Escape`) or as text.
    public func send(_ keys: String...) throws {
        try tmux(["send-keys", "-t", session] + keys)
    }

    /// Sends `text` literally (`send-keys -l`: no word is taken for a key name).
    public func type(_ text: String) throws {
        try tmux(["send-keys", "-t", session, "-l", text])
    }

    /// Resizes the window.
    public func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-t", session, "-x", String(columns), "-y", String(rows)])
    }

    /// The pane's text.
    public func capture() throws -> String {
        try tmux(["capture-pane", "-p", "-t", session])
    }

    /// Waits for the screen to contain `text` and returns the screen; after `within` seconds (a
    /// minute by default: a limit for a hang, not a speed assertion, a busy machine may take
    /// several seconds) fails with the last screen and throws, ending the test.
    @discardableResult
    public func waitFor(_ text: String, within: TimeInterval = 60, file: StaticString = #filePath, line: UInt = #line)
        throws -> String
    {
        try waitFor({ $0.contains(text) }, description: text, within: within, file: file, line: line)
    }

    /// Waits for `condition` to hold on the screen and returns the screen, failing with the last
    /// screen and throwing after `within` seconds (a minute by default).
    @discardableResult
    public func waitFor(_ condition: (String) -> Bool, description: String = "condition", within: TimeInterval = 60,
                        file: StaticString = #filePath, line: UInt = #line) throws -> String {
        // The screen is captured no more than 20 times a second.
        var screen = ""
        let shown = try waitUntil(
            "the screen shows \(description)", within: within, file: file, line: line, between: { _ = usleep(50_000) }
        ) {
            screen = (try? capture()) ?? ""
            return condition(screen)
        }
        guard shown else {
            XCTFail("the last screen:\n\(screen)", file: file, line: line)
            throw TimedOut(description: description)
        }
        return screen
    }

    /// `text` in single quotes for `sh`, embedded quotes kept.
    public static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// A tmux command that failed.
    public struct TmuxFailure: Error {
        /// Its arguments.
        public var arguments: [String]
    }

    /// A screen condition that did not come.
    public struct TimedOut: Error, CustomStringConvertible {
        /// What was waited for.
        public var description: String
    }
}
