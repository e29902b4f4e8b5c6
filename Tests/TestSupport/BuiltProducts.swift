import Foundation

/// The package's executables as `swift build` left them, beside the test bundle: the one place
/// the tests look for a built program (reef, the SQLite-only example).
public enum BuiltProducts {
    /// A program the tests need that was not built.
    public struct Missing: Error, CustomStringConvertible {
        /// What is missing, and how to make it.
        public let description: String
    }

    /// The executable `name` in the build products folder beside the test bundle (or the test
    /// runner, or its path), up to three folders up. `swift build --build-tests` and `swift test`
    /// build every target, so a missing one is a failure, never a skip: `Missing` says how to
    /// build it (`hint`).
    public static func executable(named name: String, hint: String) throws -> URL {
        let starts = [Bundle(for: Marker.self).bundleURL, Bundle.main.bundleURL,
                      URL(fileURLWithPath: CommandLine.arguments.first ?? ".")]
        for start in starts {
            var folder = start.deletingLastPathComponent()
            for _ in 0..<3 {
                let candidate = folder.appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: candidate.path) && !candidate.hasDirectoryPath {
                    return candidate
                }
                folder = folder.deletingLastPathComponent()
            }
        }
        throw Missing(description: "\(name) was not built next to the tests (\(hint))")
    }

    /// A class to find the test bundle by.
    private final class Marker {}
}
