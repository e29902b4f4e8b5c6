import ORMShared

// How a PostgreSQL query cuts long values: on the server (ServerValueCut).

extension PostgresConnection {
    package static func longValueCut(limit: Int, table: DynamicTable, cutting cut: [String]) -> (any LongValueCut)? {
        ServerValueCut(limit: limit, info: table.info, cutting: cut)
    }
}
