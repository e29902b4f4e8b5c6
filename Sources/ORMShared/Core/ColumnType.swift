/// The declared type of a column, as ORMCore writes it in `CREATE TABLE`.
public enum ColumnType: String, Sendable, Hashable {
    case integer = "INTEGER"
    case real = "REAL"
    case text = "TEXT"
    case blob = "BLOB"
    case numeric = "NUMERIC"

    /// The type SQLite's affinity rules give a declared type name (section 3.1 of "Datatypes In SQLite").
    public init(affinityOf declared: String) {
        let upper = declared.uppercased()
        if upper.contains("INT") {
            self = .integer
        } else if upper.contains("CHAR") || upper.contains("CLOB") || upper.contains("TEXT") {
            self = .text
        } else if upper.contains("BLOB") || upper.isEmpty {
            self = .blob
        } else if upper.contains("REAL") || upper.contains("FLOA") || upper.contains("DOUB") {
            self = .real
        } else {
            self = .numeric
        }
    }
}
