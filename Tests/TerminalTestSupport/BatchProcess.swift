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
        let process = try ReefProcess.start(arguments, input: input, environment: environment)
        let outputData = process.output.fileHandleForReading.readDataToEndOfFile()
        let errorData = process.error.fileHandleForReading.readDataToEndOfFile()
        process.process.waitUntilExit()
        return Result(status: process.process.terminationStatus, output: outputData,
                      error: String(decoding: errorData, as: UTF8.self))
    }
}
