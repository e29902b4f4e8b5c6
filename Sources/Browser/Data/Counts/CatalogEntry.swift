import ORMCore

/// A table or view listed in the side panel.
struct CatalogEntry: Hashable, Sendable {
    /// What kind of object it is.
    enum Kind: Hashable, Sendable {
        /// An ordinary table.
        case table
        /// A view.
        case view
        /// A materialized view (PostgreSQL): a query's rows stored, read like a table, written
        /// only by `REFRESH MATERIALIZED VIEW`.
        case materializedView
        /// A virtual table.
        case virtual

        /// The kind of `kind`, as the side list shows it.
        init(_ kind: TableInfo.Kind) {
            switch kind {
            case .view: self = .view
            case .materializedView: self = .materializedView
            case .virtual: self = .virtual
            case .table, .partitionedTable, .foreignTable: self = .table
            }
        }

        /// The sign after the name in the side list: `◇` for a view, `◆` for a materialized view
        /// (its rows are stored), none for a table. Kept whole when the name is cut.
        var mark: String {
            switch self {
            case .view: "◇"
            case .materializedView: "◆"
            case .table, .virtual: ""
            }
        }
    }

    /// The name, as the schema spells it.
    var name: String
    /// Table, view or virtual table.
    var kind: Kind
    /// The number of rows, nil while counting or when the count failed.
    var count: Int?
    /// The number of rows the database's statistics estimate (PostgreSQL), shown while counting.
    var estimate: Int?
    /// Whether counting failed (a damaged table, say): the list shows `?`.
    var countFailed = false
    /// The schema it is in when it is not the one browsed (PostgreSQL): listed as `schema.name`,
    /// with the statistics' estimate and no exact count.
    var schema: String?
    /// Whether counting was stopped (it ran too long, or out of sight, or Esc): the list shows `?`
    /// until it is counted again (Enter on it, `r`).
    var countStopped = false
}
