import ORMCore

/// The text of the `J` prompt's columns step: `column = other column`, pairs separated by commas
/// (`GenreId = GenreId, MediaTypeId = Id`); a name alone compares the columns of that name on both
/// sides. Names are matched ignoring case and may be written in double quotes.
enum JoinColumnsText {
    /// The pairs `text` names, of `columns` (the view's) and `otherColumns` (the other table's),
    /// spelled as each side spells them.
    ///
    /// - Throws: ``JoinError`` for an empty text, a pair without a column on either side, or a name
    ///   neither side has.
    static func read(_ text: String, columns: [String], otherColumns: [String], otherLabel: String) throws -> [TableJoin.Pair] {
        let parts = text.split(separator: ",").map { String($0).trimmedWhitespace }
        guard !parts.contains(where: \.isEmpty), !parts.isEmpty else {
            throw JoinError.noColumns
        }
        return try parts.map { part in
            let sides = part.split(separator: "=", omittingEmptySubsequences: false).map { unquoted(String($0).trimmedWhitespace) }
            guard sides.count <= 2, !sides.contains(where: \.isEmpty) else {
                throw JoinError.notAPair(part)
            }
            let mine = sides[0]
            let theirs = sides.count == 2 ? sides[1] : sides[0]
            // `Genre.GenreId` on the right names the other table's column too.
            let theirsBare = theirs.lowercased().hasPrefix(otherLabel.lowercased() + ".") ? String(theirs.dropFirst(otherLabel.count + 1)) : theirs
            guard let column = columns.first(where: { $0.equalsIgnoringCase(mine) }) else {
                throw JoinError.noSuchColumn(mine, in: nil)
            }
            guard let other = otherColumns.first(where: { $0.equalsIgnoringCase(theirsBare) }) else {
                throw JoinError.noSuchColumn(theirsBare, in: otherLabel)
            }
            return TableJoin.Pair(column: column, otherColumn: other)
        }
    }

    /// The text the prompt offers first for `request`'s table joined to the view of `table`
    /// (with `columns` shown), the cursor on `cursorColumn`: the cursor column's foreign key to
    /// the other table, else another shown column's (`Track.GenreId` with the cursor on
    /// `TrackId`), else a foreign key to it of a table already `joined` (by its label and
    /// description: `Album.ArtistId = ArtistId` once Album is joined), the cursor's first, else a
    /// foreign key of the other table to this one, else the cursor column with
    /// the other table's column of the same name, else a column both have, else the cursor column
    /// with the other table's one-column key; empty when none fits.
    static func suggestion(for request: JoinRequest, from table: TableInfo, joined: [(label: String, info: TableInfo)] = [],
                           columns: [String], cursorColumn: String?, otherInfo: TableInfo?) -> String {
        let others = request.columns
        if let cursor = cursorColumn {
            for key in table.foreignKeys where key.columns.contains(where: { $0.equalsIgnoringCase(cursor) })
                && key.table.equalsIgnoringCase(request.table) && request.schema == nil {
                if let pairs = pairs(of: key, otherKey: otherInfo?.primaryKey) {
                    return pairs
                }
            }
        }
        if request.schema == nil {
            for key in table.foreignKeys where key.table.equalsIgnoringCase(request.table)
                && key.columns.allSatisfy({ column in columns.contains { $0.equalsIgnoringCase(column) } }) {
                if let pairs = pairs(of: key, otherKey: otherInfo?.primaryKey) {
                    return pairs
                }
            }
        }
        if request.schema == nil, let found = joinedKey(for: request, joined: joined, columns: columns, cursorColumn: cursorColumn,
                                                        otherInfo: otherInfo) {
            return found
        }
        if let otherInfo, request.schema == nil {
            for key in otherInfo.foreignKeys where key.columns.count == 1 && key.table.equalsIgnoringCase(table.name) {
                let referenced = key.referencedColumns.first ?? table.primaryKey.first ?? key.columns[0]
                if columns.contains(where: { $0.equalsIgnoringCase(referenced) }) {
                    return pair(referenced, key.columns[0])
                }
            }
        }
        if let cursor = cursorColumn, let same = others.first(where: { $0.equalsIgnoringCase(cursor) }) {
            return pair(cursor, same)
        }
        if let shared = columns.first(where: { mine in others.contains { $0.equalsIgnoringCase(mine) } }) {
            return shared
        }
        if let cursor = cursorColumn, let key = otherInfo?.primaryKey, key.count == 1 {
            return pair(cursor, key[0])
        }
        return ""
    }

    /// A one-column foreign key to `request`'s table of a table already joined, as a pair of the
    /// view's `label.column` and the referenced column: the cursor column's first; nil when none.
    private static func joinedKey(for request: JoinRequest, joined: [(label: String, info: TableInfo)], columns: [String],
                                  cursorColumn: String?, otherInfo: TableInfo?) -> String? {
        let keys = joined.flatMap { table in
            table.info.foreignKeys.filter { $0.columns.count == 1 && $0.table.equalsIgnoringCase(request.table) }
                .map { (shown: "\(table.label).\($0.columns[0])", referenced: $0.referencedColumns.first ?? otherInfo?.primaryKey.first ?? $0.columns[0]) }
        }.filter { key in columns.contains { $0.equalsIgnoringCase(key.shown) } }
        let key = keys.first { key in cursorColumn.map { key.shown.equalsIgnoringCase($0) } ?? false } ?? keys.first
        return key.map { pair($0.shown, $0.referenced) }
    }

    /// Every column of foreign key `key` with the column it references (`a = x, b = y`): the
    /// columns it names, else the other table's key `otherKey` (`REFERENCES t` alone), else, for
    /// a key of one column, the column of its own name; nil when they do not pair up.
    private static func pairs(of key: ForeignKeyInfo, otherKey: [String]?) -> String? {
        let referenced = !key.referencedColumns.isEmpty ? key.referencedColumns
            : otherKey.flatMap { $0.isEmpty ? nil : $0 } ?? (key.columns.count == 1 ? key.columns : [])
        guard referenced.count == key.columns.count, !key.columns.isEmpty else {
            return nil
        }
        return zip(key.columns, referenced).map { pair($0, $1) }.joined(separator: ", ")
    }

    /// `a = b`, or `a` alone when both are the same name.
    private static func pair(_ mine: String, _ theirs: String) -> String {
        mine == theirs ? written(mine) : "\(written(mine)) = \(written(theirs))"
    }

    /// A name as the prompt writes it: in double quotes when it holds a comma, `=` or a quote.
    private static func written(_ name: String) -> String {
        name.contains(where: { ",=\"".contains($0) }) || name.trimmedWhitespace != name ? quoteIdentifier(name) : name
    }

    /// A name without the double quotes around it (doubled quotes inside made one).
    private static func unquoted(_ name: String) -> String {
        guard name.count >= 2, name.hasPrefix("\""), name.hasSuffix("\"") else {
            return name
        }
        return name.dropFirst().dropLast().split(separator: "\"\"", omittingEmptySubsequences: false).joined(separator: "\"")
    }
}
