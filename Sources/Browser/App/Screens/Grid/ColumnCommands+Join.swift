import FoundationEssentials
import ORMCore

/// Joins (`J`): the table's view joined with another table on chosen columns, asked in three
/// prompts (the table, the columns, the kind), each answer checked by the database before the next.
/// The join is part of the view's query (``TableSource/join``); `[` puts the view back as it was.
extension ColumnCommands {
    /// `J`: asks for the table to join the view with (a table or a view of the database, or a
    /// CSV/JSON file), on a table's grid without a join.
    func openJoinPrompt() {
        guard let table = grid.source.keyedTable, table.resultStore == nil, grid.frequency == nil, grid.summary == nil else {
            app.say(.error("a join starts from a table's rows: open a table or a view"))
            app.prompts.holdTextAfterRefusal()
            return
        }
        if let label = table.joinLabel {
            app.say(.error("the view is \(Sanitizer.sanitize(label)) already: [ returns to \(Sanitizer.sanitize(table.table.name)) first"))
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
            let suggestion = JoinColumnsText.suggestion(for: request, from: table.table.info, columns: table.columns.map(\.name),
                                                        cursorColumn: cursor, otherInfo: otherInfo)
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
            try table.joined(with: join, types: request.types, sort: table.sort, filter: table.filter, interruption: $0)
        } done: { [grid, app] source in
            grid.joinOrigin = origin
            let label = Sanitizer.sanitize(source.joinLabel ?? "")
            let access = source.joinRefusal.map { "read-only: \(Sanitizer.sanitize($0))" }
                ?? "\(Sanitizer.sanitize(table.table.name))'s columns edit"
            app.say(.info("\(label) · \(access) · [ returns"))
        }
    }

    /// `[` on a joined view: the table's view as it was before the join (its sort and filter then).
    func leaveJoin() {
        guard let table = grid.source.keyedTable, table.join != nil else {
            return
        }
        let origin = grid.joinOrigin ?? JoinOrigin(sort: nil, filter: table.filter)
        replaceView(of: table, label: "leaving the join", doing: "join") {
            try table.joined(with: nil, types: [], sort: origin.sort, filter: origin.filter, interruption: $0)
        } done: { [grid, app] _ in
            grid.joinOrigin = nil
            app.say(.info("back to \(Sanitizer.sanitize(table.table.name))"))
        }
    }

    /// The join request for the table or view `name` (any case), or for the CSV/JSON file at that path.
    ///
    /// - Throws: ``JoinError`` when there is neither.
    private func joinRequest(named name: String) throws -> JoinRequest {
        if let entry = app.catalog.names.first(where: { $0.name == name }) ?? app.catalog.names.first(where: { $0.name.equalsIgnoringCase(name) }),
           let info = try app.database.tableInfo(entry.name) {
            return JoinRequest(info: info)
        }
        let path = expandingTilde(in: name)
        if !name.isEmpty, FileManager.default.fileExists(atPath: path), ImportFormat.of(path: path) != nil {
            let (request, imported) = try JoinedFile.request(importing: path, into: app.database)
            app.joinedFiles.append(imported)
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
