import PostgresClient
import ORMShared

// How a value becomes a PostgreSQL statement's parameter.

extension PostgresStatement {
    /// `value` as the parameter of a place of type `type`: a real with no fraction where an
    /// integer goes is that integer (the server refuses `3.0` for a `bigint`).
    package static func parameter(_ value: SQLValue, as type: StoredType?) -> PGParameter {
        if type == .integer, case .real(let real) = value, let integer = Int64(exactly: real) {
            return .int(integer)
        }
        return PGParameter(value, as: type)
    }
}
