import ORMCore

/// `F` on a grid: the frequency table of a column.
extension GridAnalysis {
    /// `F`: the frequency table of the cursor column of the grid (or of column `index`), over the
    /// rows its filter keeps (VisiData's frequency sheet), with the aggregates set on the grid's
    /// columns (`+`). The database groups and counts in the background, with a spinner past a
    /// moment and `Esc` to stop it; the table opens in a grid of its own, where `Enter` on a
    /// value opens the rows holding it.
    func openFrequency(column index: Int? = nil) {
        openFrequency(columns: [index ?? grid.cursorColumn])
    }

    /// The frequency table of the groups of `indexes` (`gF`: the key columns), as
    /// ``openFrequency(column:)``.
    func openFrequency(columns indexes: [Int]) {
        if app.waits.waitsForLastRow(of: grid, then: { openFrequency(columns: indexes) }) {
            return
        }
        let source = grid.source
        guard !indexes.isEmpty, indexes.allSatisfy(source.columns.indices.contains) else {
            app.say(.info("no column to count"))
            return
        }
        let names = indexes.map { source.columns[$0].name }
        let column = names.map(Sanitizer.sanitize).joined(separator: ", ")
        guard let relation = source.relation else {
            app.say(.error("these results cannot be counted: run the query at the SQL prompt (e) again"))
            return
        }
        let query: FrequencyQuery
        do {
            let integers = Set(source.columns.filter { $0.kind == .integer }.map(\.name))
            var made = try FrequencyQuery(relation: relation, columns: names, kinds: indexes.map { source.columns[$0].kind },
                                          aggregates: grid.presentAggregates, integerColumns: integers, filter: source.filter,
                                          dialect: sourceDatabase.dialect)
            made.longValues = source.longValueKeyReads
            if let orders = source.resultStore?.textOrders, !orders.isEmpty {
                made.textOrders = Dictionary(uniqueKeysWithValues: indexes.indices.compactMap { position in
                    orders[indexes[position]].map { (position, $0) }
                })
            }
            if sourceDatabase.dialect.kind == .postgres {
                let types = source.declaredColumnTypes
                made.serverKinds = indexes.map { types.indices.contains($0) ? PostgresLongValueType.kind(of: types[$0]) : nil }
            }
            query = made
        } catch {
            app.report(error, doing: "frequency")
            return
        }
        let database = sourceDatabase
        let title = "\(names.joined(separator: ", ")) in \(source.title)"
        let interruption = Interruption()
        let background = BackgroundResult(wakeup: app.wakeup) {
            try interruption.run {
                // SQLite's medians are read ahead, in an ordered scan (FrequencyQuery+StreamedMedian.swift).
                var counted = query
                counted.longValues = query.longValues?.decidingTexts(in: database)
                if counted.serverKinds.contains(where: { $0 != nil }) {
                    counted.serverDigest = try ServerValueKey.Digest.of(database)
                }
                let frequencies = try counted.readingMedians(from: database).source(in: database, title: title)
                _ = try frequencies.rows(0..<1)  // the first page read here, not while drawing
                return Handover(value: (frequencies, counted.serverDigest))
            }
        }
        app.run(PendingWork(label: "counting the values of \(column)", isReady: { background.result != nil },
                        complete: {
            guard let result = background.result else {
                return
            }
            do {
                let (frequencies, digest) = try result.get().value
                let table = GridModel(source: frequencies)
                if app.state.top.mode == .frequency {
                    app.state.screens.removeLast()  // F on a frequency table replaces it
                }
                var counted = query
                counted.serverDigest = digest  // Enter on a long value's row matches its digest
                app.state.screens.append(FrequencyController(grid: table, origin: FrequencyOrigin(query: counted, grid: grid),
                                                                     host: app))
                app.say(.info("Enter: \(Sanitizer.sanitize(source.title)) where \(column) \(names.count > 1 ? "are the values" : "is the value")"))
            } catch {
                // An aggregate the database refuses (a sum of text on PostgreSQL) fails every F until removed.
                app.report(error, doing: query.aggregates.isEmpty ? "frequency" : "frequency with aggregates (+- on a column removes its own)")
            }
        }, cancel: interruption.interrupt))
    }
}
