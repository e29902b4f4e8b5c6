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
        let lookup = ForeignKeyLookup(database: app.database)
        guard let row = try grid.source.rows(grid.cursorRow..<(grid.cursorRow + 1)).first else {
            app.say(.info("no row here"))
            return
        }
        let named = Sanitizer.sanitize(reference.isComposite ? "(\(reference.columns.joined(separator: ", ")))" : reference.column)
        var keyValues: [SQLValue] = []
        for column in reference.columns {
            guard let index = grid.source.columns.firstIndex(where: { $0.name.equalsIgnoringCase(column) }),
                  row.values.indices.contains(index) else {
                app.say(.error("\(Sanitizer.sanitize(column)), of the foreign key \(named), is not in this view"))
                return
            }
            if case .null = row.values[index] {
                // As the database matches a key (MATCH SIMPLE): a NULL in any column refers to no row.
                let subject = reference.isComposite ? "\(named) refers" : "it refers"
                app.say(.info("\(Sanitizer.sanitize(column)) is NULL: \(subject) to no \(Sanitizer.sanitize(reference.table)) row"))
                return
            }
            guard let value = row.values[index].sqlValue else {
                app.say(.error("\(Sanitizer.sanitize(column)): a long BLOB cannot be followed"))
                return
            }
            keyValues.append(value)
        }
        let column = reference.column
        guard let targetIndex = app.catalog.names.firstIndex(where: {
            $0.name.equalsIgnoringCase(reference.table)
        }), let target = app.tableBrowser.tableGrid(named: app.catalog.names[targetIndex].name) else {
            app.say(.error("\(column) refers to \(reference.table), which does not exist"))
            return
        }
        let origin = JumpOrigin(table: tableName, key: row.key, row: grid.cursorRow, column: grid.cursorColumn,
                                firstRow: grid.firstRow, sort: grid.source.sort, filter: grid.source.filter)
        let description = Self.describe(reference, keyValues)
        guard let targetKey = try lookup.key(of: reference, values: keyValues) else {
            let wanted = reference.isComposite
                ? "(\(reference.referencedColumns.joined(separator: ", "))) = (\(keyValues.map(\.description).joined(separator: ", ")))"
                : "\(reference.referencedColumn) = \(keyValues.first?.description ?? "")"
            app.say(.error(Sanitizer.sanitize("no \(reference.table) row with \(wanted)")))
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

    /// The referenced row as the status bar names it: `Genre.GenreId = 1`, `Line.(OrderId, No) = (1, 2)`.
    static func describe(_ reference: ForeignKeyReference, _ values: [SQLValue]) -> String {
        let text = values.map(\.description)
        let described = reference.isComposite
            ? "\(reference.table).(\(reference.referencedColumns.joined(separator: ", "))) = (\(text.joined(separator: ", ")))"
            : "\(reference.table).\(reference.referencedColumn) = \(text.first ?? "")"
        return Sanitizer.sanitize(described)
    }

    /// The status-bar text for a foreign key that cannot be followed.
    static func describe(_ failure: ForeignKeyLookup.Failure) -> String {
        switch failure {
        case .missingTable(let table):
            "the referenced table \(table) does not exist"
        case .unknownColumn(let table):
            "cannot tell which column of \(table) the key refers to"
        }
    }
}
