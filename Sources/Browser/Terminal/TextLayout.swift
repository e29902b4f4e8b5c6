/// Text measuring helpers for widgets, all built on ``TextWidth``.
///
/// Input is expected to be sanitised already (``Sanitizer``): replacing a control character
/// changes the width, so sanitise first and then measure.
enum TextLayout {
    /// The ellipsis that marks cut text.
    static let ellipsis = "…"

    /// The longest prefix of `text` that fits in `width` columns, and its width.
    ///
    /// Zero-width clusters stay with the character before them.
    static func prefix(_ text: String, fittingWidth width: Int) -> (text: Substring, width: Int) {
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            let characterWidth = TextWidth.of(text[index])
            if used + characterWidth > width {
                break
            }
            used += characterWidth
            end = text.index(after: index)
        }
        return (text[..<end], used)
    }

    /// `text` cut to at most `width` columns, ending in `ellipsis` when something was cut.
    ///
    /// ```swift
    /// TextLayout.truncate("database", toWidth: 5) // "data…"
    /// TextLayout.truncate("漢字漢字", toWidth: 4)  // "漢…" (3 columns: 漢 cannot be cut)
    /// ```
    static func truncate(_ text: String, toWidth width: Int, ellipsis: String = ellipsis) -> String {
        guard width > 0 else {
            return ""
        }
        if TextWidth.of(text) <= width {
            return text
        }
        let ellipsisWidth = TextWidth.of(ellipsis)
        guard ellipsisWidth <= width else {
            return String(prefix(text, fittingWidth: width).text)
        }
        return String(prefix(text, fittingWidth: width - ellipsisWidth).text) + ellipsis
    }

    /// `text` followed by spaces up to `width` columns (unchanged when already as wide).
    static func padRight(_ text: String, toWidth width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - TextWidth.of(text)))
    }

    /// `text` preceded by spaces up to `width` columns: right-aligns numbers.
    static func padLeft(_ text: String, toWidth width: Int) -> String {
        String(repeating: " ", count: max(0, width - TextWidth.of(text))) + text
    }

    /// `text` truncated with an ellipsis if needed, then padded to exactly `width` columns.
    static func fit(_ text: String, toWidth width: Int, alignment: TextAlignment = .left) -> String {
        let cut = truncate(text, toWidth: width)
        switch alignment {
        case .left:
            return padRight(cut, toWidth: width)
        case .right:
            return padLeft(cut, toWidth: width)
        case .center:
            let spare = max(0, width - TextWidth.of(cut))
            return String(repeating: " ", count: spare / 2) + cut + String(repeating: " ", count: spare - spare / 2)
        }
    }

    /// `text` without its first `columns` columns, for horizontal scrolling.
    ///
    /// A wide character cut by the edge is dropped and replaced by spaces for the columns it
    /// still covered, so the result starts exactly `columns` columns into the text.
    static func dropLeading(_ text: String, columns: Int) -> String {
        guard columns > 0 else {
            return text
        }
        var dropped = 0
        var index = text.startIndex
        while index < text.endIndex && dropped < columns {
            dropped += TextWidth.of(text[index])
            index = text.index(after: index)
        }
        // Zero-width clusters belong to the dropped character.
        while index < text.endIndex && TextWidth.of(text[index]) == 0 {
            index = text.index(after: index)
        }
        return String(repeating: " ", count: max(0, dropped - columns)) + text[index...]
    }

    /// Breaks one line of text into lines at most `width` columns wide.
    ///
    /// Breaks after spaces when possible (the spaces at a break are dropped), otherwise inside a
    /// word. A character wider than `width` gets a line of its own. Empty text gives one empty line.
    static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else {
            return [text]
        }
        let characters = text.map { (character: $0, width: TextWidth.of($0)) }
        var lines: [String] = []
        var start = 0
        var used = 0
        var lastSpace: Int?
        var index = 0
        while index < characters.count {
            let item = characters[index]
            if used + item.width <= width || (used == 0 && index == start) {
                if item.character == " " {
                    lastSpace = index
                }
                used += item.width
                index += 1
                continue
            }
            // Break before `index`.
            if item.character == " " {
                lines.append(line(characters[start..<index]))
                index = skipSpaces(characters, from: index)
            } else if let space = lastSpace, characters[start..<space].contains(where: { $0.character != " " }) {
                lines.append(line(characters[start..<space]))
                index = skipSpaces(characters, from: space)
            } else {
                lines.append(line(characters[start..<index]))
            }
            start = index
            used = 0
            lastSpace = nil
        }
        if start < characters.count || lines.isEmpty {
            lines.append(line(characters[start..<characters.count]))
        }
        return lines
    }

    /// The text of `slice` without trailing spaces.
    private static func line(_ slice: ArraySlice<(character: Character, width: Int)>) -> String {
        var result = String(slice.map(\.character))
        while result.last == " " {
            result.removeLast()
        }
        return result
    }

    /// The index of the first non-space character at or after `index`.
    private static func skipSpaces(_ characters: [(character: Character, width: Int)], from index: Int) -> Int {
        var next = index
        while next < characters.count && characters[next].character == " " {
            next += 1
        }
        return next
    }
}
