import ORMShared

// How a SQLite query cuts long values: markers, then a value's start read by rowid (ValueCut).

extension Connection {
    /// Only a table with a rowid that stores UTF-8 reads values by rowid (``ValueCut``); generated
    /// and computed columns cannot be read so. Elsewhere values are read whole and cut after.
    package static func longValueCut(limit: Int, table: DynamicTable, cutting cut: [String]) -> (any LongValueCut)? {
        let info = table.info
        guard info.kind == .table, info.hasRowID, table.entity.hasIntegerKey,
              (try? table.database.storesUTF8()) == true else {
            return nil
        }
        let stored = Set(info.columns.filter { $0.generated == .no }.map(\.name))
        let names = cut.filter { stored.contains($0) }
        return names.isEmpty ? nil : ValueCut(limit: max(0, limit), columns: Set(names))
    }
}
