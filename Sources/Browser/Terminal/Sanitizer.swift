/// Makes any text safe to show on one terminal line.
///
/// Nothing that a terminal would interpret is ever emitted: C0 controls, DEL and C1 controls are
/// replaced with visible notation, and so are the bidirectional controls that could reorder what
/// the user sees (a "Trojan Source" name could otherwise look like another).
///
/// | Input | Shown as |
/// | --- | --- |
/// | newline, tab, carriage return | `↵`, `⇥`, `␍` |
/// | ESC | `^[` |
/// | other C0 (U+0000-U+001F), DEL | `^@`..`^_`, `^?` |
/// | C1 (U+0080-U+009F) | `<U+0085>` |
/// | bidi controls U+202A-U+202E, U+2066-U+2069, U+200E, U+200F, U+061C | `<U+202E>` |
/// | ZERO WIDTH JOINER U+200D | nothing: `👨‍👩‍👧` is drawn `👨👩👧` |
///
/// The joiner is dropped because terminals disagree on what it joins: tmux draws an emoji ZWJ
/// sequence in the first emoji's cell (🏳️‍🌈 one column, 👨‍👩‍👧 two), ncurses and glibc count
/// each emoji (three and six), so the columns after it would land elsewhere than drawn, and the
/// screen's next update leaves characters of the old one. Without it every terminal and
/// ``TextWidth`` agree. (The value itself keeps it: only what is drawn changes.)
///
/// The result is printable, so sanitising twice gives the same text.
///
/// ```swift
/// Sanitizer.sanitize("\u{1B}[31mred") // "^[[31mred"
/// ```
enum Sanitizer {
    /// Returns `text` with every control character replaced by visible notation.
    static func sanitize(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsReplacement) else {
            return text
        }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if let replacement = replacement(for: scalar) {
                result += replacement
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether `scalar` must not reach the terminal as it is.
    static func needsReplacement(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || (value >= 0x7F && value <= 0x9F) || value == 0x200D {
            return true
        }
        return isBidiControl(value)
    }

    /// The visible notation for `scalar`, or nil when it is safe to show as it is.
    static func replacement(for scalar: Unicode.Scalar) -> String? {
        let value = scalar.value
        switch value {
        case 0x0A:
            return "↵"
        case 0x09:
            return "⇥"
        case 0x0D:
            return "␍"
        case 0x1B:
            return "^["
        case 0x00..<0x20:
            return "^" + String(UnicodeScalar(UInt8(value + 0x40)))
        case 0x7F:
            return "^?"
        case 0x80...0x9F:
            return codePointNotation(value)
        case 0x200D:
            return ""
        default:
            return isBidiControl(value) ? codePointNotation(value) : nil
        }
    }

    /// Whether `value` is a bidirectional embedding, override, isolate or mark.
    private static func isBidiControl(_ value: UInt32) -> Bool {
        (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
            || value == 0x200E || value == 0x200F || value == 0x061C
    }

    /// `<U+XXXX>` with at least four upper-case hex digits.
    private static func codePointNotation(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "<U+" + String(repeating: "0", count: max(0, 4 - hex.utf8.count)) + hex + ">"
    }
}
