/// The tables opened so far and what the browser remembers about them: each one's grid (so
/// switching tables keeps each one's place), those that missed committed changes while out of
/// sight, those whose opening failed or was cancelled, and the widest the table list has been.
struct OpenTables {
    /// The grid of each table opened so far, by name.
    var grids: [String: GridModel] = [:]
    /// Tables whose open grids missed committed changes while another table was shown.
    var stale: Set<String> = []
    /// Tables whose opening was cancelled or failed, with why: not opened again until asked (Enter
    /// in the table list) or until the schema is read again.
    var unopened: [String: String] = [:]
    /// The row source whose count each table's entry in the list took (``TableBrowser/shareGridCounts()``):
    /// a source hands its count over once, so a count the list took since is not overwritten.
    var countsShared: [String: ObjectIdentifier] = [:]
    /// The hidden columns of grids dropped to open again with new columns (after a statement at
    /// the SQL prompt that may have changed the schema), by table: hidden again when it reopens.
    private var hiddenToReopen: [String: Set<String>] = [:]
    /// The widest the table list has been, so it does not narrow while counts arrive.
    private(set) var sidebarWidthMark = 0

    /// Widens the table list to `wanted` columns if it is narrower; returns its width.
    @discardableResult
    mutating func widenSidebar(to wanted: Int) -> Int {
        sidebarWidthMark = max(sidebarWidthMark, wanted)
        return sidebarWidthMark
    }

    /// Whether table `name`'s grid missed changes, forgetting it (the caller reads it again).
    mutating func takeStale(_ name: String) -> Bool {
        stale.remove(name) != nil
    }

    /// Drops table `name`'s grid so that it opens again with the table's columns as they are now,
    /// keeping the names of its hidden columns for then.
    mutating func reopen(_ name: String) {
        if let hidden = grids.removeValue(forKey: name)?.hiddenColumns, !hidden.isEmpty {
            hiddenToReopen[name] = hidden
        }
    }

    /// The columns to hide in table `name`'s grid opening again over `columns`, forgetting them:
    /// those hidden before that are still there, none when that would hide every column.
    mutating func takeHidden(_ name: String, columns: [GridColumn]) -> Set<String> {
        guard let hidden = hiddenToReopen.removeValue(forKey: name) else {
            return []
        }
        let kept = hidden.intersection(columns.map(\.name))
        return kept.count < columns.count ? kept : []
    }

    /// Forgets table `name`'s grid (the table is gone); returns it.
    mutating func close(_ name: String) -> GridModel? {
        stale.remove(name)
        hiddenToReopen[name] = nil
        return grids.removeValue(forKey: name)
    }
}
