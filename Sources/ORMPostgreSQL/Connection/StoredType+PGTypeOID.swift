import PostgresClient
import ORMShared

extension StoredType {
    /// The stored type whose binding a parameter of PostgreSQL type `type` needs (as the server
    /// inferred it when the statement was prepared): a `boolean` takes 0 or 1 as `f` or `t`, a
    /// `timestamptz`, `timestamp` or `date` takes seconds since 1970 as an instant, a `bytea`
    /// takes text as its bytes, an integer a real with no fraction as the integer. Nil for the
    /// types that read ORMCore's value as it is written.
    package init?(parameterOf type: PGTypeOID) {
        switch type {
        case .bool: self = .boolean
        case .timestamptz, .timestamp, .date: self = .date
        case .bytea: self = .bytes
        case .int2, .int4, .int8, .oid: self = .integer
        default: return nil
        }
    }
}
