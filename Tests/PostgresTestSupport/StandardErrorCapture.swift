import Foundation
import XCTest

extension XCTestCase {
    /// What `body` writes on standard error (file descriptor 2), which is restored after.
    public func capturingStandardError(_ body: () throws -> Void) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("pg-stderr-\(getpid())-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let capture = open(file, O_CREAT | O_TRUNC | O_WRONLY, 0o600)
        XCTAssertGreaterThanOrEqual(capture, 0)
        let saved = dup(2)
        dup2(capture, 2)
        close(capture)
        defer {
            dup2(saved, 2)
            close(saved)
        }
        try body()
        return (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
    }
}
