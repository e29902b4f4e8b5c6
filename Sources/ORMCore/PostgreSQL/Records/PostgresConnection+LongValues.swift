// How a PostgreSQL query cuts long values: on the server (ServerValueCut).

extension PostgresConnection {
    static func longValueCut(limit: Int, table: DynamicTable, cutting cut: [String]) -> (any LongValueCut)? {
        ServerValueCut(limit: limit, info: table.info, cutting: cut)
    }
}
