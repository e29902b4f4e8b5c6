extension SQLScript {
    /// First keywords of the statements a script runner must not wrap in a transaction: those that
    /// control transactions themselves, and those SQLite refuses or ignores inside one (`VACUUM`,
    /// `ATTACH`, `DETACH`; a `PRAGMA` such as `foreign_keys` or `journal_mode`).
    public static let outsideTransactionKeywords: Set<String> = [
        "BEGIN", "COMMIT", "END", "ROLLBACK", "SAVEPOINT", "RELEASE", "VACUUM", "ATTACH", "DETACH", "PRAGMA",
    ]

    /// Whether `statement` manages transactions itself or cannot run inside one, judged by its first
    /// keyword (see ``outsideTransactionKeywords``).
    ///
    /// ```swift
    /// SQLScript.runsOutsideTransaction("begin immediate")   // true
    /// SQLScript.runsOutsideTransaction("DELETE FROM t")     // false
    /// ```
    public static func runsOutsideTransaction(_ statement: String) -> Bool {
        statement.withCString(runsOutsideTransaction(startingAt:))
    }

    /// ``runsOutsideTransaction(_:)`` for the statement that starts at `text`, a NUL-terminated
    /// script: only the blanks, comments and semicolons before its first word are read, so a script
    /// runner can ask before each statement without scanning the script twice.
    package static func runsOutsideTransaction(startingAt text: UnsafePointer<CChar>) -> Bool {
        var cursor = text
        func byte(_ offset: Int = 0) -> UInt8 { UInt8(bitPattern: cursor[offset]) }
        while byte() != 0 {
            switch byte() {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0B, 0x0C,
                UInt8(ascii: ";"):
                cursor += 1
            case UInt8(ascii: "-") where byte(1) == UInt8(ascii: "-"):
                while byte() != 0 && byte() != UInt8(ascii: "\n") { cursor += 1 }
            case UInt8(ascii: "/") where byte(1) == UInt8(ascii: "*"):
                cursor += 2
                // An unclosed block comment runs to the end of the text, as SQLite reads it.
                while byte() != 0 && !(byte() == UInt8(ascii: "*") && byte(1) == UInt8(ascii: "/")) { cursor += 1 }
                if byte() != 0 { cursor += 2 }
            default:
                var word: [UInt8] = []
                while word.count <= 9, case let letter = byte(), (letter | 0x20) >= UInt8(ascii: "a"),
                    (letter | 0x20) <= UInt8(ascii: "z")
                {
                    word.append(letter & ~0x20)
                    cursor += 1
                }
                return outsideTransactionKeywords.contains(String(decoding: word, as: UTF8.self))
            }
        }
        return false
    }
}
