import ORMCore

/// A pivot table once its columns are known (``PivotQuery/table(columns:)``): its SQL, its
/// column names, a row source over it, and the rows each cell stands for (`Enter` on a cell).
///
/// The columns: the key column's values, one column a value of the pivoted column (named by the
/// value, `∅` for NULL), `other` when more values remain, `Total`. The totals row comes last
/// (its key cell empty) and stays last however the table is sorted (``pinnedColumn``).
struct PivotTable: Sendable {
    /// The hidden column that tells the totals row (`1`) from the others (`0`).
    static let pinnedColumn = "reef total row"
    /// The name of the column of the values not shown on their own.
    static let otherColumn = "other"
    /// The name of the column of each row's total.
    static let totalColumn = "Total"

    /// The query pivoted.
    let query: PivotQuery
    /// The values with a column of their own.
    let columns: PivotColumns
    /// The table as a named subquery.
    let relation: SQL

    /// The names shown, in order, each unique (ignoring case, as SQL names are).
    var columnNames: [String] {
        Self.columnNames(query: query, columns: columns)
    }

    /// The names of the table `query` makes with `columns`.
    static func columnNames(query: PivotQuery, columns: PivotColumns) -> [String] {
        var names = [query.rowColumn]
        var wanted = columns.values.map { name(of: $0, kind: query.columnKind) }
        if columns.hasOther {
            wanted.append(otherColumn)
        }
        wanted.append(totalColumn)
        for name in wanted {
            names.append(FrequencyQuery.unique(name, besides: names))
        }
        return names
    }

    /// A column's name for `value`, sanitised and at most 40 characters: `2023`, `north`, `∅`.
    static func name(of value: SQLValue, kind: ColumnKind) -> String {
        let text: String
        switch value {
        case .null: text = "∅"
        case .integer(let integer): text = kind == .boolean ? CellFormatter.booleanText(integer) : String(integer)
        case .real(let real): text = String(real)
        case .text(let string): text = string
        case .blob(let data): text = "blob of \(data.count) bytes"
        }
        let clean = Sanitizer.sanitize(text)
        let name = clean.isEmpty ? "''" : clean
        return name.count > 40 ? String(name.prefix(39)) + "…" : name
    }

    /// A row source over the table, its totals row last; the cells' numbers group their
    /// thousands. The first page groups every row, and counts them in the same pass.
    func source(in database: Database, title: String) -> PagedSource {
        var relationQuery = RelationQuery(relation: relation, columnNames: columnNames, dialect: database.dialect)
        relationQuery.pinnedColumn = Self.pinnedColumn
        let numeric = query.aggregate?.aggregate.isNumeric ?? true
        let counts = query.aggregate.map { $0.aggregate == .count || $0.aggregate == .distinct } ?? true
        let shown = columnNames.enumerated().map { index, name in
            guard index > 0 else {
                return GridColumn(name: name, kind: query.rowKind == .boolean || query.rowKind == .decimal ? query.rowKind : .other)
            }
            return GridColumn(name: name, kind: numeric ? (counts ? .integer : .real) : .other, decimals: numeric && !counts ? 2 : nil,
                              groupsDigits: numeric)
        }
        return PagedSource(database: database, query: relationQuery, title: title, columns: shown, countsWithFirstPage: true)
    }

    /// The rows behind the cell in column `column` of a row whose key is `key` (nil: the totals
    /// row): both values bound (`"region" = ? AND "year" = ?`, NULL as `IS NULL`), the key alone
    /// in the `Total` column, the pivoted value alone in the totals row; nil for the totals
    /// row's own key cell (every row).
    func group(key: SQLValue?, column: Int) -> RowGroup? {
        var tests: [SQL] = []
        var labels: [String] = []
        if let key {
            tests.append(key == .null ? "\(identifier: query.rowColumn) IS NULL"
                : "\(identifier: query.rowColumn) = \(query.bound(key, kind: query.rowKind))")
            labels.append(Self.label(query.rowColumn, key, kind: query.rowKind))
        }
        let valueIndex = column - 1
        if columns.values.indices.contains(valueIndex) {
            let value = columns.values[valueIndex]
            tests.append(query.test(holding: value))
            labels.append(Self.label(query.columnColumn, value, kind: query.columnKind))
        } else if columns.hasOther && valueIndex == columns.values.count {
            tests.append(query.otherTest(columns))
            labels.append("\(query.columnColumn) is another value")
        }
        guard !tests.isEmpty else {
            return nil
        }
        return RowGroup(condition: SQL.joined(tests, separator: " AND "), label: labels.joined(separator: " AND "))
    }

    /// `column = literal` (`IS NULL`) as the status bar shows a group.
    private static func label(_ column: String, _ value: SQLValue, kind: ColumnKind) -> String {
        if kind == .boolean, case .integer(let integer) = value {
            return "\(column) = \(CellFormatter.booleanText(integer))"
        }
        return value == .null ? "\(column) IS NULL" : "\(column) = \(value.sqlLiteral)"
    }
}
