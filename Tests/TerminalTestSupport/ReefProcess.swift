import Foundation
import TestSupport
import XCTest

/// Runs the built `reef` executable as a subprocess.
public enum ReefProcess {
    /// The result of one run.
    public struct Result {
        /// The exit status.
        public var status: Int32
        /// Standard output.
        public var output: String
        /// Standard error.
        public var error: String
    }

    /// The `reef` executable in the build products folder beside the test bundle.
    public static func executable() throws -> URL {
        try BuiltProducts.executable(named: "reef", hint: "swift build --product reef")
    }

    /// Runs reef with `arguments` and `environment` (nil: the tests'), its standard input empty,
    /// and waits for it.
    public static func run(_ arguments: [String], environment: [String: String]? = nil) throws -> Result {
        let started = try start(arguments, environment: environment)
        let outputData = started.output.fileHandleForReading.readDataToEndOfFile()
        let errorData = started.error.fileHandleForReading.readDataToEndOfFile()
        started.process.waitUntilExit()
        return Result(status: started.process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
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

    /// Starts reef with `arguments`, `input` on its standard input (none: empty), and
    /// `environment` (nil: the tests'): the one place the tests launch reef outside a terminal.
    public static func start(_ arguments: [String], input: String = "", environment: [String: String]? = nil) throws -> Started {
        let process = Process()
        process.executableURL = try executable()
        process.arguments = arguments
        if let environment {
            process.environment = environment
        }
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        if input.isEmpty {
            process.standardInput = FileHandle.nullDevice
        } else {
            let inputFile = FileManager.default.temporaryDirectory
                .appendingPathComponent("reef-input-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
            try Data(input.utf8).write(to: inputFile)
            defer { try? FileManager.default.removeItem(at: inputFile) }
            process.standardInput = try FileHandle(forReadingFrom: inputFile)
        }
        try process.run()
        return Started(process: process, output: output, error: error)
    }
}
