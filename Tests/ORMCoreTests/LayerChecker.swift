import Foundation

/// Finds references from a lower layer of ORMCore to a type declared in a higher one, by reading the
/// sources: the layer of a file is the folder it sits in under its module's sources (`Sources/ORMShared`,
/// `Sources/ORMSQLite`, `Sources/ORMPostgreSQL`), and the order of the
/// layers is the one `LayerDirectionTests` and `Documentation/Architecture.md` give.
///
/// It reads declarations and names, not types: a top-level `class`, `struct`, `enum`, `protocol`,
/// `actor` or `typealias` declares a name in its file's layer, and any use of that name elsewhere
/// (outside comments and string literals, and not as a member such as `String.Index`) is a
/// reference. Nested types are reached through their outer type's name, which is what counts.
struct LayerChecker {
    /// One reference from a lower layer to a type of a higher one.
    struct Violation: Hashable, CustomStringConvertible {
        /// The file, relative to its module's sources.
        let file: String
        /// The 1-based line.
        let line: Int
        /// The type referred to.
        let type: String
        /// The layer of the file.
        let fileLayer: String
        /// The layer the type is declared in.
        let typeLayer: String

        var description: String {
            "\(file):\(line): \(fileLayer) refers to \(type), declared in \(typeLayer), a higher layer"
        }
    }

    /// The layers, lowest first.
    let layers: [String]

    /// The violations in `files`, keyed by path relative to the module's sources (`Core/SQL.swift`), in
    /// file and line order. Files outside the known layers are ignored.
    func violations(in files: [String: String]) -> [Violation] {
        var declared: [String: String] = [:]
        var cleaned: [String: [String]] = [:]
        for (path, source) in files {
            guard let layer = layer(of: path) else { continue }
            let lines = Self.code(source)
            cleaned[path] = lines
            for line in lines {
                if let name = Self.declaredName(in: line) { declared[name] = layer }
            }
        }
        var found: [Violation] = []
        for path in cleaned.keys.sorted() {
            guard let layer = layer(of: path), let rank = layers.firstIndex(of: layer), let lines = cleaned[path]
            else { continue }
            for (index, line) in lines.enumerated() {
                for name in Self.typeNames(in: line) {
                    guard let typeLayer = declared[name], let typeRank = layers.firstIndex(of: typeLayer),
                        typeRank > rank
                    else { continue }
                    found.append(
                        Violation(file: path, line: index + 1, type: name, fileLayer: layer, typeLayer: typeLayer))
                }
            }
        }
        return found
    }

    /// The first folder of `path`, when it is a layer.
    private func layer(of path: String) -> String? {
        guard let folder = path.split(separator: "/").first.map(String.init), layers.contains(folder) else {
            return nil
        }
        return folder
    }

    // MARK: - Reading Swift

    private static let modifiers: Set<String> = [
        "public", "internal", "fileprivate", "private", "package", "final", "open", "indirect", "nonisolated",
    ]
    private static let declarationKeywords: Set<String> = ["class", "struct", "enum", "protocol", "actor", "typealias"]

    /// The name a top-level declaration on `line` declares, if any (nested ones are indented).
    static func declaredName(in line: String) -> String? {
        guard let first = line.first, !first.isWhitespace else { return nil }
        var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
        // Attributes (`@usableFromInline`, `@_spi(ModelSupport)`, `@available(*, deprecated)`) and modifiers.
        while let word = words.first {
            if word.hasPrefix("@") {
                var attribute = word
                words = words.dropFirst()
                while attribute.contains("("), !attribute.contains(")"), let next = words.first {
                    attribute = next
                    words = words.dropFirst()
                }
            } else if modifiers.contains(String(word)) {
                words = words.dropFirst()
            } else {
                break
            }
        }
        guard let keyword = words.first, declarationKeywords.contains(String(keyword)),
            let name = words.dropFirst().first
        else { return nil }
        let identifier = name.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        return identifier.isEmpty ? nil : String(identifier)
    }

    /// The capitalised names on `line` that are not members (`String.Index`) or labels.
    static func typeNames(in line: String) -> [String] {
        var names: [String] = []
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            guard character.isLetter || character == "_" else {
                index = line.index(after: index)
                continue
            }
            var end = index
            while end < line.endIndex, line[end].isLetter || line[end].isNumber || line[end] == "_" { end = line.index(after: end) }
            let word = String(line[index..<end])
            let isMember = index > line.startIndex && line[line.index(before: index)] == "."
            if !isMember, let first = word.first(where: { $0 != "_" }), first.isUppercase { names.append(word) }
            index = end
        }
        return names
    }

    /// The source's lines with comments and string literals blanked (lines are kept, so numbers
    /// stay right).
    static func code(_ source: String) -> [String] {
        var lines: [String] = []
        var inBlockComment = false
        var inMultilineString = false
        for raw in source.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            let characters = Array(raw)
            var i = 0
            while i < characters.count {
                let rest = characters[i...]
                if inBlockComment {
                    if rest.starts(with: ["*", "/"]) { inBlockComment = false; i += 2 } else { i += 1 }
                } else if inMultilineString {
                    if rest.starts(with: ["\"", "\"", "\""]) { inMultilineString = false; i += 3 } else { i += 1 }
                } else if rest.starts(with: ["/", "/"]) {
                    break
                } else if rest.starts(with: ["/", "*"]) {
                    inBlockComment = true
                    i += 2
                } else if rest.starts(with: ["\"", "\"", "\""]) {
                    inMultilineString = true
                    i += 3
                } else if characters[i] == "\"" {
                    // A one-line literal: skip to its closing quote (escaped quotes skipped).
                    i += 1
                    while i < characters.count, characters[i] != "\"" { i += characters[i] == "\\" ? 2 : 1 }
                    i += 1
                    line += "\"\""
                } else {
                    line.append(characters[i])
                    i += 1
                }
            }
            lines.append(line)
        }
        return lines
    }
}
