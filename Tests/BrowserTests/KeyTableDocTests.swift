import Foundation
import XCTest
@testable import Browser

/// The key table in the user guide is generated from ``KeyBindings``, the map that input handling
/// and the help screen read, so the guide cannot drift from what the keys do.
///
/// `REEF_UPDATE_DOCS=1 swift test --filter KeyTableDocTests` rewrites the table in place.
final class KeyTableDocTests: XCTestCase {
    private static let begin = "<!-- BEGIN KEYS"
    private static let end = "<!-- END KEYS -->"

    func testTheGuidesKeyTableIsTheKeyMap() throws {
        let guide = packageDirectory().appendingPathComponent("Documentation/reef.md")
        let text = try String(contentsOf: guide, encoding: .utf8)
        guard let beginLine = text.range(of: Self.begin),
              let endMarker = text.range(of: Self.end, range: beginLine.upperBound..<text.endIndex)
        else {
            return XCTFail("Documentation/reef.md has no \(Self.begin) … \(Self.end) markers")
        }
        let bodyStart = text[beginLine.lowerBound...].firstIndex(of: "\n").map(text.index(after:)) ?? endMarker.lowerBound
        let current = String(text[bodyStart..<endMarker.lowerBound])
        let expected = Self.keyTable()
        if current == expected {
            return
        }
        if ProcessInfo.processInfo.environment["REEF_UPDATE_DOCS"] == "1" {
            let updated = text[..<bodyStart] + expected + text[endMarker.lowerBound...]
            try String(updated).write(to: guide, atomically: true, encoding: .utf8)
            return
        }
        XCTFail("""
            The key table in Documentation/reef.md differs from KeyBindings: \
            run `REEF_UPDATE_DOCS=1 swift test --filter KeyTableDocTests` and commit the result.
            """)
    }

    func testTheTableListsEveryBindingAndNote() {
        let table = Self.keyTable()
        for binding in KeyBindings.all {
            XCTAssertTrue(table.contains(Self.escaped(binding.help)), binding.help)
        }
        for note in KeyBindings.notes {
            XCTAssertTrue(table.contains(Self.escaped(note.help)), note.help)
        }
        XCTAssertTrue(table.contains("| `j` `<Down>` |"), table)
        XCTAssertTrue(table.contains("| `gg` |"), table)
    }

    /// The Markdown tables: one per help-screen section, then prompts and the mouse.
    static func keyTable() -> String {
        var sections: [(title: String, rows: [(keys: String, help: String)])] = []
        for binding in KeyBindings.all {
            let keys = binding.sequences.map { "`" + $0.map(\.description).joined() + "`" }.joined(separator: " ")
            if sections.last?.title != binding.section {
                sections.append((binding.section, []))
            }
            sections[sections.count - 1].rows.append((keys, binding.help))
        }
        sections.append(("Prompts and mouse", KeyBindings.notes.map { note in
            (note.keys.split(separator: " ").map { "`\($0)`" }.joined(separator: " "), note.help)
        }))
        var lines: [String] = []
        for section in sections {
            lines.append("")
            lines.append("**\(section.title)**")
            lines.append("")
            lines.append("| keys | what they do |")
            lines.append("| --- | --- |")
            for row in section.rows {
                lines.append("| \(row.keys) | \(escaped(row.help)) |")
            }
        }
        lines.append("")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Help text made safe inside a Markdown table cell.
    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }

    /// The package's root folder, found from this file's path (Tests/BrowserTests/X.swift).
    private func packageDirectory(file: String = #filePath) -> URL {
        URL(fileURLWithPath: file).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }
}
