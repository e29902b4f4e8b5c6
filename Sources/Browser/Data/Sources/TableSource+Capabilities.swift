import ORMCore

/// What a table's rows allow beyond showing them (``RowSource/keyedTable`` and the rest): they have
/// keys, come from a table (or reef's copy of a statement's results) and can be read again.
extension TableSource {
    var keyedTable: TableSource? {
        self
    }

    var tableName: String? {
        resultStore == nil ? table.info.name : nil
    }

    /// The table, or with computed columns or joins the `SELECT` that reads them under its name.
    var relation: SQL? {
        let rows = table.rows(computing: computed, joining: joins)
        return group.map { $0.restricting(rows) } ?? rows
    }

    func restricted(to group: RowGroup) throws -> RowSource? {
        try restricted(to: group, interruption: nil)
    }

    var ownDatabase: Database? {
        table.database
    }

    var declaredColumnTypes: [String] {
        var stored = table.info.columns.filter { $0.generated != .hidden }.map(\.declaredType)
        if let store = resultStore {
            // The store declares its exact decimals and intervals TEXT only to order them (their
            // collations); as its other columns, they have no type of their own.
            for index in store.textOrders.keys where stored.indices.contains(index) {
                stored[index] = ""
            }
        }
        return stored + computed.map { _ in "" } + joinedTypes
    }

    func rowsToExport() -> (any ExportRows)? {
        TableRows(self)
    }

}
