import ORMCore

/// Foreign keys: `Enter` on a key (`gf`) follows it to the referenced row, `[` goes back.
extension GridCommands {
    /// Follows the foreign key of the cursor cell: opens the referenced table, unsorted and
    /// unfiltered, with the cursor on the referenced row, and remembers where it came from.
    func followReference() throws {
        guard isTable, app.state.isMainOnTop, let tableName = app.selectedTableName else {
            app.say(.error("foreign keys are followed from a table's grid"))
            return
        }
        guard let reference = try cursorReference(from: tableName) else {
            return
        }
        let column = reference.column
        let lookup = ForeignKeyLookup(database: app.database)
        guard let row = try grid.source.rows(grid.cursorRow..<(grid.cursorRow + 1)).first,
              row.values.indices.contains(grid.cursorColumn) else {
            app.say(.info("no row here"))
            return
        }
        let value = row.values[grid.cursorColumn]
        if case .null = value {
            app.say(.info("\(column) is NULL: it refers to no \(reference.table) row"))
            return
        }
        guard let key = value.sqlValue else {
            app.say(.error("\(column): a long BLOB cannot be followed"))
            return
        }
        guard let targetIndex = app.catalog.names.firstIndex(where: {
            $0.name.equalsIgnoringCase(reference.table)
        }), let target = app.tableBrowser.tableGrid(named: app.catalog.names[targetIndex].name) else {
            app.say(.error("\(column) refers to \(reference.table), which does not exist"))
            return
        }
        let origin = JumpOrigin(table: tableName, key: row.key, row: grid.cursorRow, column: grid.cursorColumn,
                                firstRow: grid.firstRow, sort: grid.source.sort, filter: grid.source.filter)
        let description = "\(reference.table).\(reference.referencedColumn) = \(key)"
        guard let targetKey = try lookup.key(of: reference, value: key) else {
            app.say(.error("no \(reference.table) row with \(reference.referencedColumn) = \(key)"))
            return
        }
        if target.source.sort != nil || target.source.filter != nil {
            target.replaceSource(try target.source.applying(sort: nil, filter: nil))
        }
        guard let position = try target.source.index(ofKey: targetKey) else {
            app.say(.error("no row \(description)"))
            return
        }
        app.state.jumps.append(origin)
        app.tableBrowser.selectTable(targetIndex)
        app.state.main.focus = .grid
        target.cursorRow = position
        if let referenced = target.source.columns.firstIndex(where: {
            $0.name.equalsIgnoringCase(reference.referencedColumn)
        }) {
            target.moveCursor(toColumn: referenced)
        }
        app.say(.info("\(description)  ([ back)"))
    }

    /// Returns to where the last foreign-key jump started: its table, sort, filter and cursor.
    func jumpBack() throws {
        if app.state.jumps.isEmpty, grid.source.keyedTable?.join != nil {
            columns.leaveJoin()
            return
        }
        guard let origin = app.state.jumps.popLast() else {
            app.say(.info("no foreign-key jump to go back from"))
            return
        }
        guard let index = app.catalog.names.firstIndex(where: { $0.name == origin.table }),
              let grid = app.tableBrowser.tableGrid(named: origin.table) else {
            app.say(.error("\(origin.table) is gone"))
            return
        }
        app.tableBrowser.selectTable(index)
        app.state.main.focus = .grid
        if grid.source.sort != origin.sort || grid.source.filter != origin.filter {
            grid.replaceSource(try grid.source.applying(sort: origin.sort, filter: origin.filter))
        }
        if let key = origin.key, let position = try grid.source.index(ofKey: key) {
            grid.cursorRow = position
        } else {
            try grid.moveCursor(toRow: origin.row)
        }
        grid.firstRow = min(origin.firstRow, grid.cursorRow)
        grid.moveCursor(toColumn: origin.column)
        app.say(.info("back to \(origin.table)"))
    }

    /// The foreign key of `tableName` the cursor column is in; nil, said why, when there is no
    /// cursor column, it is in no foreign key, or its key cannot be followed (several columns).
    ///
    /// - Throws: the database's error.
    func cursorReference(from tableName: String) throws -> ForeignKeyReference? {
        let columns = grid.source.columns
        guard columns.indices.contains(grid.cursorColumn) else {
            return nil
        }
        let column = columns[grid.cursorColumn].name
        do {
            guard let reference = try ForeignKeyLookup(database: app.database).reference(from: tableName, column: column) else {
                app.say(.info("\(Sanitizer.sanitize(column)) is not a foreign key"))
                return nil
            }
            return reference
        } catch let failure as ForeignKeyLookup.Failure {
            app.say(.error(Self.describe(failure)))
            return nil
        }
    }

    /// The status-bar text for a foreign key that cannot be followed.
    static func describe(_ failure: ForeignKeyLookup.Failure) -> String {
        switch failure {
        case .composite(let columns):
            "the foreign key (\(columns.joined(separator: ", "))) has several columns: not followed"
        case .missingTable(let table):
            "the referenced table \(table) does not exist"
        case .unknownColumn(let table):
            "cannot tell which column of \(table) the key refers to"
        }
    }
}
