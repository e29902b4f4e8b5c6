import Foundation
import TestSupport

/// The example built beside the tests, run as a process, and read with binutils.
enum BuiltProgram {
    /// What a run printed and how it ended.
    struct Run {
        /// The exit status.
        var status: Int32
        /// Standard output.
        var output: String
        /// Standard error.
        var error: String
    }

    /// A program the tests need that is not there.
    struct Missing: Error, CustomStringConvertible {
        /// What is missing, and how to make it.
        let description: String
    }

    /// `sqlite-only-example` in the build products folder beside the test bundle.
    static func example() throws -> URL {
        try BuiltProducts.executable(named: "sqlite-only-example", hint: "swift build --build-tests")
    }

    /// Every symbol name of `binary`'s symbol table, defined or not (`nm`).
    static func symbols(of binary: URL) throws -> Set<String> {
        let run = try run(URL(fileURLWithPath: "/usr/bin/nm"), [binary.path])
        guard run.status == 0 else { throw Missing(description: "nm \(binary.path) failed: \(run.error)") }
        // "0000000000012345 T name" or "                 U name".
        return Set(run.output.split(separator: "\n").compactMap { $0.split(separator: " ").last.map(String.init) })
    }

    /// The libraries `binary`'s dynamic section asks for (`readelf -d`, its `NEEDED` entries).
    static func neededLibraries(of binary: URL) throws -> [String] {
        let run = try run(URL(fileURLWithPath: "/usr/bin/readelf"), ["-d", binary.path])
        guard run.status == 0 else { throw Missing(description: "readelf -d \(binary.path) failed: \(run.error)") }
        // " 0x0000000000000001 (NEEDED)             Shared library: [libsqlite3.so.0]"
        return run.output.split(separator: "\n").filter { $0.contains("(NEEDED)") }.compactMap { line in
            guard let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]") else { return nil }
            return String(line[line.index(after: open)..<close])
        }
    }

    /// Runs `executable` with `arguments` and waits for it.
    static func run(_ executable: URL, _ arguments: [String]) throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
                   error: String(decoding: errorData, as: UTF8.self))
    }
}
