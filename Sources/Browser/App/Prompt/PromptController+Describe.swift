import ORMCore

extension PromptController {
    /// Carries out a describing command typed at the SQL prompt (``DescribeCommand``); returns
    /// false when `text` is not one.
    func performDescribeCommand(_ text: String) -> Bool {
        guard let command = DescribeCommand.parse(text) else {
            return false
        }
        switch command {
        case .list(let objects, let pattern):
            listObjects(objects, matching: pattern)
        case .describe(let name):
            describe(name)
        case .schemas:
            listSchemas()
        case .usage(let usage):
            host.say(.error(usage))
        }
        return true
    }

    /// Opens a page listing the schema's `objects` whose names match `pattern`, with their kinds
    /// and the row counts known so far (`~` an estimate, `…` still counting).
    private func listObjects(_ objects: DescribeCommand.Objects, matching pattern: String?) {
        let entries = host.catalog.entries.filter { entry in
            objects.contains(entry.kind) && (pattern.map { DescribeCommand.name(entry.name, matches: $0) } ?? true)
        }
        let (heading, none) = switch objects {
        case .all: ("Tables and views", "no tables or views")
        case .tables: ("Tables", "no tables")
        case .views: ("Views", "no views")
        case .materializedViews: ("Materialized views", "no materialized views")
        }
        let matching = pattern.map { " matching " + Sanitizer.sanitize($0) } ?? ""
        guard !entries.isEmpty else {
            host.say(.info(none + matching))
            return
        }
        let rows = entries.map { entry in
            [Sanitizer.sanitize(entry.name), Self.kindName(entry.kind), Self.rowsText(entry)]
        }
        let schema = host.catalog.schema.map { " in " + Sanitizer.sanitize($0) } ?? ""
        let title = "\(heading) (\(entries.count))" + schema + matching + ": \\d NAME describes one"
        let lines = Self.aligned([["name", "kind", "rows"]] + rows, numbersIn: 2)
        host.state.screens.append(TextPageController(title: title, lines: lines, mode: .schema))
    }

    /// Opens the schema view of the table or view `name` (matched exactly, else ignoring case),
    /// or of another schema's (`audit.log`, as the table list names it).
    private func describe(_ name: String) {
        let names = host.catalog.names.map(\.name)
        let elsewhere = names.contains(name) ? nil : host.catalog.elsewhere(qualifiedName: name)
        let found = elsewhere.map { $0.schema + "." + $0.name }
            ?? names.first { $0 == name } ?? names.first { $0.equalsIgnoringCase(name) } ?? name
        do {
            let report = try elsewhere.map { try SchemaReport.report(for: $0.name, inSchema: $0.schema, in: host.database) }
                ?? SchemaReport.report(for: found, in: host.database)
            let copy = (text: report.statements, what: "the CREATE statements of \(Sanitizer.sanitize(found))")
            host.state.screens.append(TextPageController(title: "Schema of \(found)", lines: report.lines, mode: .schema,
                                                         copy: report.statements.isEmpty ? nil : copy))
        } catch {
            host.report(error, doing: "describing \(name)")
        }
    }

    /// Opens a page listing the database's schemas with how many tables and views each holds,
    /// the one browsed marked (`gs` browses another).
    private func listSchemas() {
        do {
            let schemas = try host.database.schemas()
            let browsed = host.catalog.schema ?? schemas.first ?? ""
            var objects: [String: Int] = [browsed: host.catalog.names.count]
            for object in host.catalog.elsewhere {
                objects[object.schema, default: 0] += 1
            }
            let rows = schemas.map { [Sanitizer.sanitize($0), objects[$0].map(ListWidget.formatCount) ?? "0", $0 == browsed ? "browsed" : ""] }
            let lines = Self.aligned([["name", "tables and views", ""]] + rows, numbersIn: 1)
            let title = "Schemas (\(schemas.count))" + (schemas.count > 1 ? ": gs browses another" : "")
            host.state.screens.append(TextPageController(title: title, lines: lines, mode: .schema))
        } catch {
            host.report(error, doing: "listing the schemas")
        }
    }

    /// `rows` (already sanitised) as lines of columns two spaces apart, aligned by display width:
    /// column `numbers` on the right, the others on the left; blanks at a line's end dropped.
    private static func aligned(_ rows: [[String]], numbersIn numbers: Int) -> [String] {
        let widths = (0..<(rows.first?.count ?? 0)).map { column in rows.map { TextWidth.of($0[column]) }.max() ?? 0 }
        return rows.map { row in
            var line = row.indices.map { column in
                column == numbers ? TextLayout.padLeft(row[column], toWidth: widths[column])
                    : TextLayout.padRight(row[column], toWidth: widths[column])
            }.joined(separator: "  ")
            while line.last == " " {
                line.removeLast()
            }
            return line
        }
    }

        /// `table`, `view`, `materialized view`, `virtual table`.
    private static func kindName(_ kind: CatalogEntry.Kind) -> String {
        switch kind {
        case .table: "table"
        case .view: "view"
        case .materializedView: "materialized view"
        case .virtual: "virtual table"
        }
    }

    /// The rows counted, `~N` estimated, `…` while counting, `?` when the count stopped or failed.
    private static func rowsText(_ entry: CatalogEntry) -> String {
        if let count = entry.count {
            return ListWidget.formatCount(count)
        }
        if let estimate = entry.estimate {
            return "~" + ListWidget.formatCount(estimate)
        }
        return entry.countFailed || entry.countStopped ? "?" : "…"
    }
}
