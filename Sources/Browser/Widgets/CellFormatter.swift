import FoundationEssentials
import ORMCore

/// Turns grid values into the text shown in a cell.
///
/// | Value | Shown as | Element | Alignment |
/// | --- | --- | --- | --- |
/// | NULL | `∅` | `null` | like its column |
/// | integer | `42` | `number` | right |
/// | integer in a boolean column (PostgreSQL) | `true`, `false` | `text` | left |
/// | real | `0.3`, `1.0`, `1e+20` (15 significant digits, like the sqlite3 shell) | `number` | right |
/// | text in a `numeric` column (PostgreSQL) | `1234.50`, as the server writes it | `number` | right |
/// | text | sanitised (`↵` for newlines); empty text shows nothing | `text` | left |
/// | long text | its first characters, then `…` | `text` | left |
/// | BLOB | `<12 B> 89504e47…` (size, then hex of the first bytes) | `blob` | left |
///
/// Cutting text to the column width is the widget's job (``TextLayout/truncate(_:toWidth:ellipsis:)``).
enum CellFormatter {
    /// The marker shown for NULL, distinct from empty text.
    static let nullMarker = "∅"
    /// How many bytes of a BLOB the hex preview shows at most.
    static let previewBytes = 8

    /// The display form of `value` in a column of `kind`.
    static func format(_ value: GridValue, kind: ColumnKind) -> FormattedValue {
        switch value {
        case .null:
            let numeric = kind == .integer || kind == .real || kind == .decimal
            return FormattedValue(text: nullMarker, element: .null, alignment: numeric ? .right : .left)
        case .integer(let integer) where kind == .boolean:
            return FormattedValue(text: booleanText(integer), element: .text, alignment: .left)
        case .integer(let integer):
            return FormattedValue(text: String(integer), element: .number, alignment: .right)
        case .real(let real):
            return FormattedValue(text: formatReal(real), element: .number, alignment: .right)
        case .text(let text) where kind == .decimal, .decimal(let text),
             .text(let text) where kind == .real && text == "NaN":  // a float's NaN in reef's copy of results
            return FormattedValue(text: Sanitizer.sanitize(text), element: .number, alignment: .right)
        case .text(let text):
            return FormattedValue(text: Sanitizer.sanitize(text), element: .text, alignment: .left)
        case .longText(let prefix, _):
            return FormattedValue(text: Sanitizer.sanitize(prefix) + TextLayout.ellipsis, element: .text, alignment: .left)
        case .blob(let byteCount, let prefix):
            return FormattedValue(text: formatBlob(byteCount: byteCount, prefix: prefix), element: .blob, alignment: .left)
        }
    }

    /// The display form of `value` in `column`: as ``format(_:kind:)``, real numbers below 10¹⁵ with
    /// the column's fixed ``GridColumn/decimals`` when it has them, integers grouped by thousands in
    /// a column that ``GridColumn/groupsDigits`` (its fixed-decimal reals too: `1,234.50`).
    static func format(_ value: GridValue, in column: GridColumn) -> FormattedValue {
        // Past 15 digits `%.2f` writes digits a double does not hold (`333,333,333,333,333,311,488.00`
        // for a mean of 333,333,333,333,333,333,333): such a real is written as any other.
        if case .real(let real) = value, let decimals = column.decimals, real.isFinite, abs(real) < 1e15 {
            let text = cFormat("%.\(max(0, min(decimals, 17)))f", real)
            return FormattedValue(text: column.groupsDigits ? groupingThousands(text) : text, element: .number, alignment: .right)
        }
        if case .integer(let integer) = value, column.groupsDigits {
            return FormattedValue(text: ListWidget.formatCount(Int(integer)), element: .number, alignment: .right)
        }
        return format(value, kind: column.kind)
    }

    /// `text`, a number written in plain digits (a sign, a decimal point), with its whole part's
    /// thousands grouped: `-1234567.50` → `-1,234,567.50`.
    static func groupingThousands(_ text: String) -> String {
        let sign = text.hasPrefix("-") ? "-" : ""
        let unsigned = text.dropFirst(sign.count)
        let whole = unsigned.prefix { $0 != "." }
        guard whole.count > 3, whole.allSatisfy(\.isASCII) else {
            return text
        }
        var grouped = ""
        for (offset, digit) in whole.enumerated() {
            if offset > 0 && (whole.count - offset) % 3 == 0 {
                grouped.append(",")
            }
            grouped.append(digit)
        }
        return sign + grouped + unsigned.dropFirst(whole.count)
    }

    /// A boolean as PostgreSQL writes it in SQL and JSON: `true` for any value but 0, `false`
    /// for 0 (ORMCore reads a `boolean` as 1 or 0). Not psql's `t`/`f`, which reads as text of one
    /// letter, nor Python's `True`/`False`: the words the user types back in a filter or a cell.
    static func booleanText(_ integer: Int64) -> String {
        integer != 0 ? "true" : "false"
    }

    /// A real number with at most 15 significant digits and always a decimal point or exponent,
    /// so `0.1 + 0.2` shows `0.3` and `1.0` does not look like the integer `1`.
    static func formatReal(_ value: Double) -> String {
        if value.isNaN {
            return "NaN"
        }
        if value.isInfinite {
            return value < 0 ? "-Inf" : "Inf"
        }
        let text = cFormat("%.15g", value)
        if text.contains(where: { $0 == "." || $0 == "e" }) {
            return text
        }
        return text + ".0"
    }

    /// `<size> hexprefix…`: the size, then the first bytes in hex, `…` when there are more.
    static func formatBlob(byteCount: Int, prefix: [UInt8]) -> String {
        let size = "<" + formatByteCount(byteCount) + ">"
        let shown = prefix.prefix(min(previewBytes, byteCount))
        guard !shown.isEmpty else {
            return size
        }
        return size + " " + Hex.encode(shown) + (byteCount > shown.count ? TextLayout.ellipsis : "")
    }

    /// A byte count for people: `12 B`, `1.5 KiB`, `3.0 MiB`, `2.0 GiB`.
    static func formatByteCount(_ count: Int) -> String {
        if count < 1024 {
            return "\(count) B"
        }
        var value = Double(count) / 1024
        for unit in ["KiB", "MiB", "GiB"] {
            if value < 1024 || unit == "GiB" {
                return cFormat("%.1f", value) + " " + unit
            }
            value /= 1024
        }
        return "\(count) B"
    }
}
