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
        outsideTransactionKeywords.contains(leadingKeyword(of: statement))
    }
}
