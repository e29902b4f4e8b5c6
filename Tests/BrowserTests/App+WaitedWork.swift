import Foundation
import TestSupport
@testable import Browser

extension App {
    /// Waits, ticking, until the work the screen waits for has ended (its first table, opened
    /// as its first frame would): it runs in the background, at once but for a busy machine,
    /// where it may take past the quick limit and leave the next key waiting its turn behind it.
    /// For a test that plays keys on the app itself and compares what each key did.
    func waitForWaitedWork(file: StaticString = #filePath, line: UInt = #line) throws {
        try waitUntil("the work the screen waits for ended", file: file, line: line,
                      between: { _ = self.tick(); pause(seconds: 0.005) }) {
            _ = self.currentGrid  // opens the table shown, as the first frame does
            return self.pending.work == nil
        }
    }
}
