import ORMCore

/// What a search of the table's rows needs to know of the table: its columns of numbers, and how
/// it reaches long values.
extension TableSource {
    /// The stored columns whose values are all numbers (integers, reals; not a computed column,
    /// whose type is not known): on PostgreSQL, which holds a column's values in its type, a text
    /// search leaves them out when the text cannot be in a number.
    var numberColumns: Set<String> {
        Set(columns.filter { !$0.isComputed && $0.joinedFrom == nil && ($0.kind == .integer || $0.kind == .real) }.map(\.name))
    }

    /// How a search reads long values by rowid (``LongValueReads``; in a SQLite table with a
    /// rowid, storing UTF-8, without computed columns, which the table has not), texts too when
    /// `texts`; nil otherwise.
    func longValueReads(texts: Bool) throws -> LongValueReads? {
        guard computed.isEmpty, table.database.dialect.kind == .sqlite, table.info.kind == .table, table.info.hasRowID,
              table.entity.hasIntegerKey, let rowID = table.entity.keyColumns.first, try table.database.storesUTF8()
        else {
            return nil
        }
        return LongValueReads(table: table.name, rowID: rowID, texts: texts)
    }

    /// How `F` and `I` over ``relation`` read long values by rowid to make their keys: in the
    /// table read whole (a group's rows come through a subquery, which has no rowid). Texts too
    /// until the work in the background asks the table's pages
    /// (``LongValueReads/decidingTexts(in:)``), which takes a moment a million rows. Nil when the
    /// table cannot be read so.
    var longValueKeyReads: LongValueReads? {
        guard group == nil else {
            return nil
        }
        return try? longValueReads(texts: true)
    }

    /// Whether the SQLite table holds a value too long for its page (SQLite's `dbstat` finds an
    /// overflow page of it, reading the table's pages, not its values: about 30 ms for a million
    /// rows). True when `dbstat` cannot tell (a SQLite built without it): a long text then
    /// costs no memory, only time.
    func hasOverflowPages() -> Bool {
        guard table.database.dialect.kind == .sqlite else {
            return false
        }
        return LongValueReads.hasOverflowPages(table: table.name, in: table.database)
    }
}
