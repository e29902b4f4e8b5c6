import Foundation
import XCTest

/// reef and the libraries it links import `FoundationEssentials`, never all of `Foundation`: one
/// `import Foundation` anywhere links `libFoundation`, `libFoundationInternationalization` and ICU
/// into `reef`, about 6 MB more resident memory (reef on a million-row PostgreSQL table held
/// 32.7 MB with it, 26.1 MB without; Benchmarks/REEF-SPEED.md). Tests may import `Foundation`.
final class FoundationImportTests: XCTestCase {
    /// The package's `Sources`, found from this file's path.
    private let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    func testNoSourceFileImportsAllOfFoundation() throws {
        let files = try XCTUnwrap(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        XCTAssertGreaterThan(files.count, 100, "the sources were found")
        var offenders: [String] = []
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") where Self.importsFoundation(line) {
                offenders.append("\(file): \(line)")
            }
        }
        XCTAssertEqual(offenders, [], "import FoundationEssentials instead (Documentation/Architecture.md)")
    }

    func testTheCheckSeesEveryFormOfTheImport() {
        for line in ["import Foundation", "@preconcurrency import Foundation", "internal import Foundation",
                     "import struct Foundation.Date", "  import Foundation // why", "import FoundationNetworking"] {
            XCTAssertTrue(Self.importsFoundation(Substring(line)), line)
        }
        for line in ["import FoundationEssentials", "// import Foundation", "import Dispatch"] {
            XCTAssertFalse(Self.importsFoundation(Substring(line)), line)
        }
    }

    /// Whether `line` imports `Foundation` (any access level or kind of import), or a module that
    /// links it (`FoundationNetworking`, `FoundationXML`).
    private static func importsFoundation(_ line: Substring) -> Bool {
        let words = line.split(whereSeparator: \.isWhitespace)
        guard let position = words.firstIndex(of: "import"), !(words.first?.hasPrefix("//") ?? true) else {
            return false
        }
        guard let module = words.dropFirst(position + 1).first(where: { !["struct", "class", "enum", "func", "protocol",
                                                                           "typealias", "var", "let"].contains($0) })
        else {
            return false
        }
        return ["Foundation", "FoundationNetworking", "FoundationXML"].contains(module) || module.hasPrefix("Foundation.")
    }
}
