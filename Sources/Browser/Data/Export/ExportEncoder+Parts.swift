/// Rows of ``ExportCell``s turned into ``ExportPart``s: the text of the cells held whole, in the
/// very bytes ``ExportEncoder/encode(_:)`` writes, and the long values to stream between them.
extension ExportEncoder {
    /// The values of `row`, nil when it holds a long value.
    static func values(of row: [ExportCell]) -> [ExportValue]? {
        var values: [ExportValue] = []
        values.reserveCapacity(row.count)
        for cell in row {
            guard case .value(let value) = cell else {
                return nil
            }
            values.append(value)
        }
        return values
    }
}

/// Gathers parts, joining neighbouring text.
struct ExportParts {
    /// The parts so far.
    private(set) var parts: [ExportPart] = []
    /// Text not yet made a part.
    private var pending = ""

    /// Adds text.
    mutating func append(_ text: String) {
        pending += text
    }

    /// Adds a long value.
    mutating func append(_ value: LongValue, _ encoding: LongValueEncoding) {
        if !pending.isEmpty {
            parts.append(.text(pending))
            pending = ""
        }
        parts.append(.long(value, encoding))
    }

    /// Adds other parts after these.
    mutating func append(contentsOf other: ExportParts) {
        for part in other.finished() {
            switch part {
            case .text(let text): append(text)
            case .long(let value, let encoding): append(value, encoding)
            }
        }
    }

    /// The parts, the last text included.
    consuming func finished() -> [ExportPart] {
        if !pending.isEmpty {
            parts.append(.text(pending))
        }
        return parts
    }
}
