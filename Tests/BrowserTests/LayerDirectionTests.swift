import Foundation
import XCTest

/// The browser's folders are layers, each using only those below it (Documentation/Architecture.md
/// names them): a type declared in a higher layer named in a lower one fails here, with the file,
/// the line and the type.
final class LayerDirectionTests: XCTestCase {
    /// The layers, lowest first: the top folder of `Sources/Browser` a file is in is its layer.
    static let layers = ["System", "Terminal", "Input", "Themes", "Widgets", "Data", "Import", "Batch", "App"]

    /// `Sources/Browser`, found from this file's path.
    private var sourceRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/Browser")
    }

    func testNoLayerNamesATypeOfAHigherOne() throws {
        let files = try sourceFiles()
        XCTAssertGreaterThan(files.count, 100, "the browser's sources were not found at \(sourceRoot.path)")
        let found = LayerCheck(layers: Self.layers).violations(in: files)
        XCTAssertEqual(found, [], "upward references:\n" + found.joined(separator: "\n"))
    }

    func testEveryFolderIsALayer() throws {
        let folders = Set(try sourceFiles().map { $0.path.split(separator: "/").first.map(String.init) ?? "" })
        XCTAssertEqual(folders.subtracting(Self.layers), [], "a folder without a layer: add it to the table here and in Architecture.md")
    }

    /// The check finds what it is for: an upward reference, named by file, line and type; a nested
    /// type of the same name, a comment or a string is none.
    func testTheCheckFindsAnUpwardReference() {
        let files = [
            (path: "App/App.swift", text: "final class App {\n    struct Inner {}\n}\n"),
            (path: "Widgets/Gauge.swift", text: "struct Gauge {\n    // App\n    let title = \"App\"\n    var owner: App?\n}\n"),
            (path: "Data/Shadow.swift", text: "enum Shadow {\n    enum App { case a }\n    let x: App = .a\n}\n"),
            (path: "Terminal/Base.swift", text: "/* App */ struct Base {}\n"),
        ]
        XCTAssertEqual(LayerCheck(layers: Self.layers).violations(in: files),
                       ["Widgets/Gauge.swift:4: App (declared in App) named in Widgets"])
    }

    /// The Swift files under `Sources/Browser`, by path relative to it.
    private func sourceFiles() throws -> [(path: String, text: String)] {
        let root = sourceRoot.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(atPath: root) else {
            return []
        }
        var files: [(path: String, text: String)] = []
        while let path = walker.nextObject() as? String {
            if path.hasSuffix(".swift") {
                files.append((path, try String(contentsOfFile: root + "/" + path, encoding: .utf8)))
            }
        }
        return files.sorted { $0.path < $1.path }
    }
}

/// Finds the types a file names that are declared in a higher layer than its own.
struct LayerCheck {
    /// The layers, lowest first.
    let layers: [String]

    /// `path:line: Type (declared in Layer) named in Layer`, for each upward reference in `files`.
    func violations(in files: [(path: String, text: String)]) -> [String] {
        let rank = Dictionary(uniqueKeysWithValues: layers.enumerated().map { ($1, $0) })
        let parsed = files.map { (path: $0.path, lines: Self.code(of: $0.text)) }
        // Top-level types by the layer they are declared in; nested ones shadow only in their file.
        var owner: [String: String] = [:]
        var nested: [String: Set<String>] = [:]
        for file in parsed {
            var depth = 0
            for line in file.lines {
                for name in Self.declaredTypes(in: line) {
                    if depth == 0 {
                        owner[name] = owner[name] ?? Self.layer(of: file.path)
                    } else {
                        nested[file.path, default: []].insert(name)
                    }
                }
                depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
            }
        }
        var found: [String] = []
        for file in parsed {
            let layer = Self.layer(of: file.path)
            guard let own = rank[layer] else { continue }
            for (index, line) in file.lines.enumerated() {
                var seen: Set<String> = []
                for name in Self.typeNames(in: line) where seen.insert(name).inserted {
                    guard let declared = owner[name], let higher = rank[declared], higher > own,
                          !(nested[file.path]?.contains(name) ?? false) else { continue }
                    found.append("\(file.path):\(index + 1): \(name) (declared in \(declared)) named in \(layer)")
                }
            }
        }
        return found
    }

    /// The layer of a file: the first folder of its path.
    private static func layer(of path: String) -> String {
        path.split(separator: "/").first.map(String.init) ?? ""
    }

    /// The names declared as types on `line`.
    private static func declaredTypes(in line: String) -> [String] {
        let words = line.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).map(String.init)
        return zip(words, words.dropFirst()).compactMap { keyword, name in
            ["struct", "class", "enum", "protocol", "typealias", "actor"].contains(keyword) && name.first?.isUppercase == true
                ? name : nil
        }
    }

    /// The capitalised identifiers on `line` (type names, and some others that match none).
    private static func typeNames(in line: String) -> [String] {
        line.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" })
            .map(String.init).filter { $0.first?.isUppercase == true }
    }

    /// The lines of `text` with comments and string literals blanked (line numbers kept).
    static func code(of text: String) -> [String] {
        var lines: [String] = []
        var current = ""
        var inBlockComment = 0, inString = false, inMultiline = false
        var characters = Array(text)[...]
        while let character = characters.popFirst() {
            let next = characters.first
            if character == "\n" {
                lines.append(current)
                current = ""
                inString = false  // a single-line string ends with its line
                continue
            }
            if inBlockComment > 0 {
                if character == "*" && next == "/" { inBlockComment -= 1; characters.removeFirst() }
                else if character == "/" && next == "*" { inBlockComment += 1; characters.removeFirst() }
                continue
            }
            if inMultiline {
                if character == "\"" && characters.prefix(2) == ["\"", "\""] { inMultiline = false; characters.removeFirst(2) }
                continue
            }
            if inString {
                if character == "\\" { characters.popFirst().map { _ in } }
                else if character == "\"" { inString = false; current.append("\"") }
                continue
            }
            if character == "/" && next == "/" {
                while let rest = characters.first, rest != "\n" { characters.removeFirst() }
                continue
            }
            if character == "/" && next == "*" {
                inBlockComment = 1
                characters.removeFirst()
                continue
            }
            if character == "\"" {
                if characters.prefix(2) == ["\"", "\""] {
                    inMultiline = true
                    characters.removeFirst(2)
                } else {
                    inString = true
                    current.append("\"")
                }
                continue
            }
            current.append(character)
        }
        lines.append(current)
        return lines
    }
}
