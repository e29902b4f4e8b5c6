@_spi(ModelSupport) import ORMCore
@_spi(ModelSupport) import ORMSQLite
@_spi(ModelSupport) import ORMShared

/// Computes the column summary of a view, publishing each column's summary as soon as a part of
/// it is known: first the overview of every column (one pass over the rows for up to
/// ``SummaryQuery/overviewWidth`` columns), then each column's distribution in turn (one sorted
/// pass of its distinct values, and one more of its numbers when it mixes numbers with other
/// values). Runs on the calling thread; ``SummaryTask`` runs it in the background.
///
/// The database sorts and groups (SQLite spilling to temporary files past its page cache); only one
/// row of results and the few values a ``ValueDistribution`` keeps are in memory at a time, SQLite's
/// read in place.
struct SummaryWorker {
    /// The database read.
    let database: Database
    /// The statements.
    let query: SummaryQuery

    /// Computes every column's summary from `start`, calling `publish` with a column's index and
    /// summary each time more of it is known; returns the summaries.
    ///
    /// - Throws: the database's error (``ORMCore/ResultCode/interrupt`` when interrupted), or
    ///   what `publish` throws (to stop).
    @discardableResult
    func run(from start: [ColumnSummary], publish: (Int, ColumnSummary) throws -> Void) throws -> [ColumnSummary] {
        var query = query
        // Query results on PostgreSQL: the server names each column's type first.
        if let sql = query.typesQuery() {
            var types: [String] = []
            try database.forEachRow(sql) { row in
                types = row.map { if case .text(let type) = $0 { type } else { "" } }
            }
            query = try query.typed(types)
        }
        // Types their name does not place (an enum's): the catalog says what they are.
        var classes: [String: String] = [:]
        for type in query.typesToClassify() {
            try database.forEachRow(SummaryQuery.typeClassQuery(type)) { row in
                if case .text(let typeClass)? = row.first { classes[type] = typeClass }
            }
        }
        if !classes.isEmpty {
            query = try query.classified(classes)
        }
        // Long values' keys end with the server's digest: SHA-256 from PostgreSQL 11 on, MD5 before.
        if query.keysValuesOnServer {
            query.serverDigest = try ServerValueKey.Digest.of(database)
        }
        return try SummaryWorker(database: database, query: query).summarise(from: start, publish: publish)
    }

    /// ``run(from:publish:)`` once the statements are known.
    private func summarise(from start: [ColumnSummary], publish: (Int, ColumnSummary) throws -> Void) throws -> [ColumnSummary] {
        var summaries = start
        var first = 0
        while first < summaries.count {
            let range = first..<min(summaries.count, first + SummaryQuery.overviewWidth)
            try overview(range, into: &summaries)
            for index in range {
                try publish(index, summaries[index])
            }
            first = range.upperBound
        }
        for index in summaries.indices {
            try distribution(of: index, summary: &summaries[index])
            try publish(index, summaries[index])
        }
        return summaries
    }

    /// Reads the overview of the columns in `range` into `summaries`.
    private func overview(_ range: Range<Int>, into summaries: inout [ColumnSummary]) throws {
        try database.forEachRowCells(query.overview(of: range)) { row in
            let rows = Int(row.column(at: 0).int64)
            for (offset, index) in range.enumerated() {
                let base = Int32(1 + offset * 5)
                summaries[index].rows = rows
                summaries[index].nonNull = Int(row.column(at: base).int64)
                let (smallest, largest) = (row.column(at: base + 1), row.column(at: base + 2))
                let exact = query.isExactDecimal(index)
                let make = { (cell: RowCell) in exact ? exactDecimal(cell, column: index) : gridValue(cell, column: index) }
                summaries[index].minimum = smallest.isNull ? nil : make(smallest)
                summaries[index].maximum = largest.isNull ? nil : make(largest)
                let (low, high) = (row.column(at: base + 3), row.column(at: base + 4))
                if exact {
                    // Its range as doubles (``SummaryQuery/overview(of:)``).
                    summaries[index].numberRange = low.isNull || high.isNull ? nil : low.double...max(low.double, high.double)
                } else if !low.isNull, !high.isNull, low.double <= high.double,
                   Self.isDateShaped(smallest), Self.isDateShaped(largest) {
                    summaries[index].dayRange = low.double...high.double
                }
            }
        }
    }

    /// Reads the distribution of column `index` into `summary`.
    private func distribution(of index: Int, summary: inout ColumnSummary) throws {
        guard let nonNull = summary.nonNull, nonNull > 0 else {
            ValueDistribution().finish(into: &summary)
            return
        }
        let smallest = summary.numberRange?.lowerBound ?? Self.number(summary.minimum)
        let largest = summary.numberRange?.upperBound ?? Self.number(summary.maximum)
        let numbersOnly = smallest != nil && largest != nil
        let numberPlan = smallest.flatMap { low in
            largest.map { high in
                ValueDistribution.Plan(count: nonNull, range: low...max(low, high),
                                       integers: summary.minimum.isInteger && summary.maximum.isInteger)
            }
        }
        let datePlan = summary.dayRange.map { ValueDistribution.Plan(count: nonNull, range: $0, integers: false) }
        var values = ValueDistribution(numbers: numbersOnly ? numberPlan : nil, dates: datePlan)
        let ends = try read(query.groups(of: index, julianDays: datePlan != nil), column: index, into: &values, julianDays: datePlan != nil,
                            keepingEnds: summary.minimum == nil)
        if summary.minimum == nil {
            // Values the database has no min or max of (PostgreSQL's bytea): the first and last
            // of its groups, which come in its order.
            (summary.minimum, summary.maximum) = (ends.first, ends.last)
        }
        guard values.needsNumberPass, let smallest, let plan = values.numberPlan(smallest: smallest) else {
            values.finish(into: &summary)
            return
        }
        var numbers = ValueDistribution(numbers: plan)
        try read(query.groups(of: index, numbersOnly: true), column: index, into: &numbers, julianDays: false)
        values.finish(into: &summary, numberPass: numbers)
    }

    /// Takes the rows of a ``SummaryQuery/groups(of:julianDays:numbersOnly:)`` statement into
    /// `values`; with `keepingEnds`, returns the first and the last value (else nils).
    @discardableResult
    private func read(_ sql: SQL, column index: Int, into values: inout ValueDistribution, julianDays: Bool,
                      keepingEnds: Bool = false) throws -> (first: GridValue?, last: GridValue?) {
        var ends: (first: GridValue?, last: GridValue?) = (nil, nil)
        let exact = query.isExactDecimal(index)
        try database.forEachRowCells(sql) { row in
            let value = row.column(at: 0)
            let count = Int(row.column(at: 1).int64)
            let make = { exact ? exactDecimal(value, column: index) : gridValue(value, column: index) }
            if keepingEnds {
                ends.last = make()
                ends.first = ends.first ?? ends.last
            }
            if exact, case let number = row.column(at: 2), !number.isNull {
                // The value exact, its double beside (``SummaryQuery/groups(of:julianDays:numbersOnly:)``).
                values.add(number: number.double, isInteger: false, count: count, value: make)
            } else if value.isInteger {
                values.add(number: Double(value.int64), isInteger: true, count: count, value: make)
            } else if value.isReal {
                values.add(number: value.double, isInteger: false, count: count, value: make)
            } else if value.isText {
                let shape = value.withTextBytes { bytes in (DateText.hasDateShape(bytes), bytes.count > 10) }
                let day = julianDays && shape.0 ? row.column(at: 2) : nil
                values.add(text: count, julianDay: day.flatMap { $0.isNull ? nil : $0.double }, hasTime: shape.1, value: make)
            } else {
                values.add(blob: count, value: make)
            }
        }
        return ends
    }

    /// A value of column `index` as the grid keeps it (long text and BLOBs cut, only the first
    /// bytes copied).
    private func gridValue(_ value: RowCell, column index: Int) -> GridValue {
        guard let keyBytes = query.keyBytes(column: index) else {
            let (cut, fullSize) = value.value(cutAt: GridValue.keptTextBytes)
            return GridValue(cut, fullSize: fullSize)
        }
        // Long values come as keys (``SummaryQuery/keyBytes(column:)``): short anyway.
        let (cut, _) = value.value(cutAt: keyBytes)
        if let (start, size) = query.decodeKey(cut, column: index) {
            return GridValue(start, fullSize: size)
        }
        return GridValue(cut)
    }

    /// A value of an exact-decimal column (``SummaryQuery/isExactDecimal(_:)``): its text drawn as
    /// a number, exactly as the database wrote it.
    private func exactDecimal(_ value: RowCell, column index: Int) -> GridValue {
        let made = gridValue(value, column: index)
        if case .text(let text) = made {
            return .decimal(text)
        }
        return made
    }

    /// Whether a value is text with the shape of a date.
    private static func isDateShaped(_ value: RowCell) -> Bool {
        value.isText && value.withTextBytes { DateText.hasDateShape($0) }
    }

    /// The number a grid value holds, nil for anything else.
    private static func number(_ value: GridValue?) -> Double? {
        switch value {
        case .integer(let integer): Double(integer)
        case .real(let real): real
        default: nil
        }
    }
}

private extension Optional<GridValue> {
    /// Whether this is an integer.
    var isInteger: Bool {
        if case .integer? = self {
            return true
        }
        return false
    }
}
