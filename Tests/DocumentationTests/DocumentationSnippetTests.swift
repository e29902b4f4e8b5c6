import Foundation
import XCTest

/// Every Swift code block of the README and the guides stands, line for line, in this test target,
/// where it is compiled and run: a block that no longer compiles fails the build, and a block that
/// is changed in the docs alone fails here.
final class DocumentationSnippetTests: XCTestCase {
    func testEverySwiftBlockIsCompiledHere() throws {
        let root = packageDirectory()
        let documents = try markdownFiles(root: root)
        XCTAssertTrue(documents.contains { $0.lastPathComponent == "README.md" })
        let sources = try swiftSources(in: root.appendingPathComponent("Tests/DocumentationTests"))
            .map { Self.codeLines(try String(contentsOf: $0, encoding: .utf8)) }
        var blocks = 0
        for document in documents {
            let text = try String(contentsOf: document, encoding: .utf8)
            for block in Self.swiftBlocks(in: text) {
                blocks += 1
                let lines = Self.codeLines(block)
                XCTAssertTrue(sources.contains { Self.contains($0, lines) },
                              "\(document.path): this Swift block is not in Tests/DocumentationTests:\n\(block)")
            }
        }
        XCTAssertGreaterThanOrEqual(blocks, 10, "the README and the ORMCore guides have Swift examples")
    }

    func testTheMatcherNeedsTheLinesInOrderAndTogether() {
        let source = Self.codeLines("    let a = 1\n\n    let b = 2 // two\n    let c = 3\n")
        XCTAssertTrue(Self.contains(source, Self.codeLines("let b = 2 // two\nlet c = 3")))
        XCTAssertFalse(Self.contains(source, Self.codeLines("let a = 1\nlet c = 3")))
        XCTAssertFalse(Self.contains(source, Self.codeLines("let c = 3\nlet b = 2 // two")))
        XCTAssertEqual(Self.swiftBlocks(in: "x\n```swift\nlet a = 1\n```\n```sh\nls\n```\n"), ["let a = 1"])
    }

    /// The fenced ```swift blocks of a Markdown text.
    static func swiftBlocks(in text: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed == "```swift" {
                current = []
            } else if current != nil, trimmed == "```" {
                blocks.append(current.map { $0.joined(separator: "\n") } ?? "")
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// The lines that carry code, without indentation, blank lines or imports.
    static func codeLines(_ text: String) -> [String] {
        text.split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("import ") }
    }

    /// Whether `lines` stand together, in order, in `source`.
    static func contains(_ source: [String], _ lines: [String]) -> Bool {
        guard !lines.isEmpty, lines.count <= source.count else {
            return lines.isEmpty
        }
        return (0...(source.count - lines.count)).contains { Array(source[$0..<($0 + lines.count)]) == lines }
    }

    private func markdownFiles(root: URL) throws -> [URL] {
        var files = [root.appendingPathComponent("README.md")]
        for folder in ["Documentation", "Sources/ORMCore/ORMCore.docc"] {
            let url = root.appendingPathComponent(folder)
            let names = try FileManager.default.subpathsOfDirectory(atPath: url.path)
            files += names.filter { $0.hasSuffix(".md") }.sorted().map { url.appendingPathComponent($0) }
        }
        return files
    }

    private func swiftSources(in folder: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".swift") }
            .map { folder.appendingPathComponent($0) }
    }

    /// The package's root folder, found from this file's path (Tests/DocumentationTests/X.swift).
    private func packageDirectory(file: String = #filePath) -> URL {
        URL(fileURLWithPath: file).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }
}
