import ORMShared

// SQLite's statement as the row a record query and `RowCells` read in place.

extension Statement: InPlaceCells {
    package func cell(at index: Int32) -> any InPlaceCell {
        column(at: index)
    }

    package func materialize<M: Model>(_ model: M.Type, database: Database, entity: String) throws -> M {
        try M.materializeSQLiteRow(StatementRow(statement: self, database: database, entity: entity))
    }
}

extension _ColumnValue: InPlaceCell {}
