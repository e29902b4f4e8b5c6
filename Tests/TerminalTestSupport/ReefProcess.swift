import Foundation
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
        let starts = [Bundle(for: Marker.self).bundleURL, Bundle.main.bundleURL,
                      URL(fileURLWithPath: CommandLine.arguments.first ?? ".")]
        for start in starts {
            var folder = start.deletingLastPathComponent()
            for _ in 0..<3 {
                let candidate = folder.appendingPathComponent("reef")
                if FileManager.default.isExecutableFile(atPath: candidate.path) && !candidate.hasDirectoryPath {
                    return candidate
                }
                folder = folder.deletingLastPathComponent()
            }
        }
        // Not a skip: `swift test` builds every product, so a missing binary is a real failure.
        throw MissingTool(description: "the reef executable was not built next to the tests (swift build --product reef)")
    }

    /// Runs reef with `arguments` and waits for it.
    public static func run(_ arguments: [String], environment: [String: String]? = nil) throws -> Result {
        let process = Process()
        process.executableURL = try executable()
        process.arguments = arguments
        if let environment {
            process.environment = environment
        }
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
                      error: String(decoding: errorData, as: UTF8.self))
    }

    /// A class to find the test bundle by.
    private final class Marker {}
}
