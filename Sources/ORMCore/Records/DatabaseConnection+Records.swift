extension DatabaseConnection {
    /// The connection as the record layer's driver protocol sees it (one of the two places that
    /// name both drivers, with `DatabaseConnection.swift`, until each is a module of its own).
    var records: any RecordDriverConnection {
        switch self {
        case .sqlite(let connection): connection
        case .postgres(let connection): connection
        }
    }
}
