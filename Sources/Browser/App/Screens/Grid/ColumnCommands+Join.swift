import FoundationEssentials
import ORMCore

/// Joins (`J`): the table's view joined with another table on chosen columns, asked in three
/// prompts (the table, the columns, the kind), each answer checked by the database before the next.
/// The joins are part of the view's query (``TableSource/joins``), one after another; `[` leaves
/// the last one, putting the view back as it was before it.
extension ColumnCommands {
    /// `J`: asks for the table to join the view with (a table or a view of the database, or a
    /// CSV/JSON file), on a table's grid; on a joined view the next join is made on the view the
    /// joins made (its columns may name theirs: `Album.ArtistId`).
    func openJoinPrompt() {
        guard let table = grid.source.keyedTable, table.resultStore == nil, grid.frequency == nil, grid.summary == nil else {
            app.say(.error("a join starts from a table's rows: open a table or a view"))
            app.prompts.holdTextAfterRefusal()
            return
        }
        app.openPrompt(.joinTable)
    }

    /// The table step: finds the table `text` names (or the file it is a path of) and asks for the
    /// columns, offering the cursor column's foreign key or a column of the same name.
    func submitJoinTable(_ text: String) {
        guard let table = grid.source.keyedTable else {
            return
        }
        let name = text.trimmedWhitespace
        do {
            let request = try joinRequest(named: name)
            let cursor = grid.source.columns.indices.contains(grid.cursorColumn) ? grid.source.columns[grid.cursorColumn].name : nil
            let otherInfo = request.schema == nil ? try app.database.tableInfo(request.table) : nil
            let joined = try table.joins.filter { $0.schema == nil }.compactMap { join in
                try app.database.tableInfo(join.table).map { (label: join.label, info: $0) }
            }
            let suggestion = JoinColumnsText.suggestion(for: request, from: table.table.info, joined: joined,
                                                        columns: table.columns.map(\.name), cursorColumn: cursor, otherInfo: otherInfo)
            app.openPrompt(.joinColumns(request), text: suggestion)
        } catch {
            refuseJoin(error, reopening: .joinTable, text: text)
        }
    }

    /// The columns step: reads the pairs, has the database prepare the join with them, and asks
    /// for the kind.
    func submitJoinColumns(_ text: String, request: JoinRequest) {
        guard let table = grid.source.keyedTable else {
            return
        }
        var request = request
        do {
            request.pairs = try JoinColumnsText.read(text, columns: table.columns.map(\.name), otherColumns: request.columns,
                                                     otherLabel: request.label)
            try JoinCheck.check(request.join(kind: .inner), on: table)
            if request.isFile {
                request.uniqueSets = try JoinedFile.joinColumnsAreUnique(request, on: table.table.database)
                    ? [Set(request.pairs.map { $0.otherColumn.lowercased() })] : []
            }
            let kinds = JoinCheck.kinds(on: table.table.database).map(\.rawValue)
            app.openPrompt(.joinKind(request, kinds: kinds))
        } catch {
            refuseJoin(error, reopening: .joinColumns(request), text: text)
        }
    }

    /// The kind step: joins the view (`Enter` alone: a left join, which keeps every row of the
    /// table), read in the background, the cursor kept on its row.
    func submitJoinKind(_ text: String, request: JoinRequest, kinds: [String]) {
        guard let table = grid.source.keyedTable else {
            return
        }
        let typed = text.trimmedWhitespace.lowercased()
        let chosen = typed.isEmpty ? "left" : kinds.first { $0.hasPrefix(typed) }
        let join: TableJoin
        do {
            guard let chosen, let kind = TableJoin.Kind(rawValue: chosen) else {
                throw JoinError.unknownKind(text.trimmedWhitespace, offered: kinds)
            }
            join = request.join(kind: kind)
            try JoinCheck.check(join, on: table)
        } catch {
            refuseJoin(error, reopening: .joinKind(request, kinds: kinds), text: text)
            return
        }
        let origin = JoinOrigin(sort: table.sort, filter: table.filter)
        replaceView(of: table, label: "joining \(Sanitizer.sanitize(join.label))", doing: "join") {
            try table.joined(with: table.joins + [join], types: table.joinedTypes + request.types, sort: table.sort, filter: table.filter,
                             interruption: $0)
        } done: { [grid, app] source in
            grid.joinOrigins.append(origin)
            let label = Sanitizer.sanitize(source.joinLabel ?? "")
            let access = source.joinRefusal.map { "read-only: \(Sanitizer.sanitize($0))" }
                ?? "\(Sanitizer.sanitize(table.table.name))'s columns edit"
            app.say(.info("\(label) · \(access) · [ returns"))
        }
    }

    /// `[` on a joined view: the view as it was before its last join (its sort and filter then).
    func leaveJoin() {
        app.waits.leaveLastJoin(of: grid)
    }

    /// The join request for the table or view `name` (any case), for `schema.table` of another
    /// schema (PostgreSQL's; SQLite's `main`), or for the CSV/JSON file at that path.
    ///
    /// - Throws: ``JoinError`` when there is none of them.
    private func joinRequest(named name: String) throws -> JoinRequest {
        if let entry = app.catalog.names.first(where: { $0.name == name }) ?? app.catalog.names.first(where: { $0.name.equalsIgnoringCase(name) }),
           let info = try app.database.tableInfo(entry.name) {
            return JoinRequest(info: info)
        }
        if let dot = name.firstIndex(of: "."), dot != name.startIndex {
            let schema = String(name[..<dot])
            let table = String(name[name.index(after: dot)...])
            // Written as the server folds an unquoted name, or as it is spelled.
            for (schema, table) in [(schema, table), (schema.lowercased(), table.lowercased())] where !table.isEmpty {
                if let info = try app.database.tableInfo(table, inSchema: schema) {
                    return JoinRequest(info: info, schema: schema == (try app.database.schemaName()) ? nil : schema)
                }
            }
        }
        let path = expandingTilde(in: name)
        if !name.isEmpty, FileManager.default.fileExists(atPath: path), ImportFormat.of(path: path) != nil {
            let (request, imported) = try JoinedFile.request(importing: path, into: app.database)
            if let imported {
                app.joinedFiles.append(imported)
            }
            return request
        }
        throw JoinError.noSuchTable(name)
    }

    /// Reports `error` and opens the prompt `kind` again with `text`, the reason under it.
    private func refuseJoin(_ error: any Error, reopening kind: PromptKind, text: String) {
        app.report(error, doing: "join")
        let reason = UserMessage.describe(error)
        app.openPrompt(kind, text: text)
        app.prompt.current?.note = reason
    }
}
