import ORMCore

/// The lines of the record view: every column of one row with its full value.
///
/// ```
/// id    │ 1
/// name  │ Ada Lovelace
/// bio   │ first line
///       │ second line
/// photo │ <16 B> 89 50 4e 47 0d 0a 1a 0a 00 00 00 0d 49 48 44 52
/// ```
enum RecordView {
    /// The widest the name column gets.
    static let maximumNameWidth = 24

    /// The lines for `values` under `columns`.
    static func lines(columns: [GridColumn], values: [GridValue], width: Int? = nil) -> [String] {
        fields(columns: columns, values: values, width: width).flatMap(\.self)
    }

    /// The lines of each field (column) in turn: a field with a multi-line value has several.
    /// Given the `width` drawn in, long values wrap within the value column (sanitised first, so
    /// what is measured is what is drawn), their continuation lines under the value.
    static func fields(columns: [GridColumn], values: [GridValue], width: Int? = nil) -> [[String]] {
        let names = columns.map { Sanitizer.sanitize($0.name) }
        let nameWidth = min(maximumNameWidth, names.map(TextWidth.of).max() ?? 0)
        let valueWidth = width.map { max(8, $0 - nameWidth - 3) }
        return names.enumerated().map { index, name in
            let value = values.indices.contains(index) ? values[index] : .null
            let label = TextLayout.fit(name, toWidth: nameWidth) + " │ "
            let blank = String(repeating: " ", count: nameWidth) + " │ "
            let lines = valueLines(value, kind: columns[index].kind).flatMap { line -> [String] in
                guard let valueWidth else {
                    return [line]
                }
                return TextLayout.wrap(Sanitizer.sanitize(line), width: valueWidth)
            }
            return lines.enumerated().map { offset, line in
                (offset == 0 ? label : blank) + line
            }
        }
    }

    /// A value as one or more lines: text keeps its line breaks, a BLOB shows its bytes in hex.
    static func valueLines(_ value: GridValue, kind: ColumnKind) -> [String] {
        switch value {
        case .null:
            return [CellFormatter.nullMarker + " NULL"]
        case .text(let text):
            if text.isEmpty {
                return ["(empty text)"]
            }
            return text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        case .longText(let prefix, let byteCount):
            let lines = prefix.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
            let shown = CellFormatter.formatByteCount(prefix.utf8.count)
            return lines + [TextLayout.ellipsis + " the first \(shown) of \(CellFormatter.formatByteCount(byteCount)): "
                + "E opens it all, y copies it"]
        case .blob(let byteCount, let prefix):
            let hex = Hex.encode(prefix, separator: " ")
            let more = byteCount > prefix.count ? " " + TextLayout.ellipsis : ""
            return ["<" + CellFormatter.formatByteCount(byteCount) + ">" + (hex.isEmpty ? "" : " " + hex) + more]
        case .integer, .real, .decimal:
            return [CellFormatter.format(value, kind: kind).text]
        }
    }
}
