/// The one display-width function of the program: how many terminal columns text occupies.
///
/// Widths follow glibc `wcwidth`, which is how ncurses and tmux place characters: a grapheme
/// cluster is as wide as the sum of its scalars. Combining marks, format characters (including
/// ZERO WIDTH JOINER and the variation selectors) are 0; East Asian Wide and Fullwidth characters
/// and emoji with default emoji presentation are 2; every other printable scalar is 1.
///
/// Summing per scalar means an emoji ZWJ sequence such as 👨‍👩‍👧 measures 6 (three 2-wide emoji,
/// two zero-width joiners), not the 2 columns some terminals draw it in. ncurses advances its cursor
/// by the per-scalar sum, so measuring the same way keeps our buffer and ncurses' idea of the screen
/// in agreement, which is what keeps the grid aligned.
///
/// ```swift
/// TextWidth.of("漢字")   // 4
/// TextWidth.of("e\u{301}") // 1
/// ```
///
/// Never use `String.count` for layout: it counts grapheme clusters, not columns.
enum TextWidth {
    /// The display width of a string: the sum of the widths of its scalars.
    ///
    /// Control characters count 0; text should be made printable with ``Sanitizer`` first.
    static func of(_ text: String) -> Int {
        of(text[...])
    }

    /// The display width of a substring: the sum of the widths of its scalars.
    static func of(_ text: Substring) -> Int {
        var total = 0
        for scalar in text.unicodeScalars {
            total += of(scalar: scalar)
        }
        return total
    }

    /// The display width of one grapheme cluster: the sum of the widths of its scalars.
    static func of(_ character: Character) -> Int {
        var total = 0
        for scalar in character.unicodeScalars {
            total += of(scalar: scalar)
        }
        return total
    }

    /// The display width of one Unicode scalar: 0, 1 or 2.
    ///
    /// C0 and C1 controls and DEL count 0 here (glibc says -1): they are never drawn as they are,
    /// ``Sanitizer`` replaces them with visible text.
    static func of(scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value >= 0x20 && value < 0x7F {
            return 1
        }
        if value < 0x20 || (value >= 0x7F && value < 0xA0) {
            return 0
        }
        if value < 0x300 {
            return 1
        }
        if contains(value, in: zeroWidthRanges) {
            return 0
        }
        if contains(value, in: wideRanges) {
            return 2
        }
        return 1
    }

    /// Whether `value` lies in one of the sorted inclusive `lo, hi` pairs of `table`.
    private static func contains(_ value: UInt32, in table: [UInt32]) -> Bool {
        var low = 0
        var high = table.count / 2 - 1
        while low <= high {
            let middle = (low + high) / 2
            if value < table[2 * middle] {
                high = middle - 1
            } else if value > table[2 * middle + 1] {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}
