import Foundation
import XCTest

/// Runs the built `reef` with `--sql` as a subprocess, its standard input given and its
/// standard output kept as bytes (an export's exact text).
public enum BatchProcess {
    /// The result of one run.
    public struct Result {
        /// The exit status.
        public var status: Int32
        /// Standard output, as written.
        public var output: Data
        /// Standard error.
        public var error: String

        /// Standard output as UTF-8 text.
        public var text: String {
            String(decoding: output, as: UTF8.self)
        }
    }

    /// Runs `reef` with `arguments`, `input` on its standard input (none: empty), and `environment`
    /// (nil: the tests'), and waits for it.
    public static func run(_ arguments: [String], input: String = "", environment: [String: String]? = nil) throws -> Result {
        let process = try start(arguments, input: input, environment: environment)
        let outputData = process.output.fileHandleForReading.readDataToEndOfFile()
        let errorData = process.error.fileHandleForReading.readDataToEndOfFile()
        process.process.waitUntilExit()
        return Result(status: process.process.terminationStatus, output: outputData,
                      error: String(decoding: errorData, as: UTF8.self))
    }

    /// A reef started, not waited for: its process and the pipes of its output and error.
    public struct Started {
        /// The process.
        public let process: Process
        /// Its standard output.
        public let output: Pipe
        /// Its standard error.
        public let error: Pipe
    }

    /// Starts `reef` with `arguments`, `input` on its standard input, and `environment` (nil: the tests').
    public static func start(_ arguments: [String], input: String = "", environment: [String: String]? = nil) throws -> Started {
        let inputFile = FileManager.default.temporaryDirectory
            .appendingPathComponent("reef-batch-input-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try Data(input.utf8).write(to: inputFile)
        defer { try? FileManager.default.removeItem(at: inputFile) }
        let process = Process()
        process.executableURL = try ReefProcess.executable()
        process.arguments = arguments
        if let environment {
            process.environment = environment
        }
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = try FileHandle(forReadingFrom: inputFile)
        try process.run()
        return Started(process: process, output: output, error: error)
    }
}
