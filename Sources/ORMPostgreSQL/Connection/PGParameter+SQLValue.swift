import FoundationEssentials
import PostgresClient
import ORMShared

extension PGParameter {
    /// `value` as a parameter for a column holding `type` (nil when unknown: the value's own
    /// storage class decides): a `Bool` column's 0 or 1 as `t` or `f`, a `Date` column's seconds
    /// as a `timestamptz` to the microsecond, bytes in binary form, numbers in the text form the
    /// server reads back to the same value (`NaN` and the infinities included), text as it is.
    ///
    /// The server takes each in the type of the place it is bound to, so `uuid`, `numeric`,
    /// `jsonb`, enums, `inet` and `interval` columns take ORMCore's text as they would in a `psql`
    /// literal.
    public init(_ value: SQLValue, as type: StoredType? = nil) {
        switch (value, type) {
        case (.null, _):
            self = .null
        case (.integer(let integer), .boolean):
            self = .bool(integer != 0)
        case (.integer(let seconds), .date):
            self = .date(Date(timeIntervalSince1970: Double(seconds)))
        case (.integer(let integer), _):
            self = .int(integer)
        case (.real(let seconds), .date):
            self = .date(Date(timeIntervalSince1970: seconds))
        case (.real(let real), _):
            self = .double(real)
        case (.text(let text), .bytes):
            self = .bytes(Array(text.utf8))
        case (.text(let text), _):
            self = .text(text)
        case (.blob(let data), _):
            self = .bytes(Array(data))
        }
    }
}
