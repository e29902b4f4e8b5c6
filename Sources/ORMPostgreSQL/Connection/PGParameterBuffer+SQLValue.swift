import FoundationEssentials
import PostgresClient
import ORMShared

extension PGParameterBuffer {
    /// Binds `value` at `index` in binary form where the place's type `type` (as the server
    /// inferred it) has one that carries the value exactly as its text would: `bigint`,
    /// `integer` and `smallint` from an integer that fits (or a real with no fraction), `double
    /// precision` from a number, `boolean` from 0 or 1, `text`, `varchar` and `char(n)` from text,
    /// `bytea` from bytes or text, `timestamptz` and `timestamp` from a `Date`'s seconds, to the
    /// microsecond. Returns false, binding nothing, for any other pair: the caller binds the
    /// value's text form (``PGParameter/init(_:as:)``), which the server parses and judges.
    @inline(__always)
    func bindBinary(_ value: SQLValue, at index: Int, type: PGTypeOID) -> Bool {
        switch value {
        case .null:
            setNull(at: index)
        case .integer(let integer):
            return bindInteger(integer, at: index, type: type)
        case .real(let real):
            switch type {
            case .float8:
                setDouble(real, at: index)
            case .int8, .int4, .int2:
                guard let integer = Int64(exactly: real) else { return false }
                return bindInteger(integer, at: index, type: type)
            case .timestamptz, .timestamp:
                return bindTimestamp(seconds: real, at: index)
            default:
                return false
            }
        case .text(let text):
            switch type {
            // Not `name`: its binary form refuses a name too long, where its text is cut short.
            case .text, .varchar, .bpchar, .bytea: setBinaryText(text, at: index)
            default: return false
            }
        case .blob(let data):
            // Bytes go in binary form for any place, as `PGParameter.bytes` sends them.
            data.withUnsafeBytes { setBinary($0, at: index) }
        }
        return true
    }

    @inline(__always)
    private func bindInteger(_ integer: Int64, at index: Int, type: PGTypeOID) -> Bool {
        switch type {
        case .int8:
            setInt64(integer, at: index)
        case .int4:
            // One that does not fit goes as text, for the server's own "out of range" error.
            guard let value = Int32(exactly: integer) else { return false }
            setInt32(value, at: index)
        case .int2:
            guard let value = Int16(exactly: integer) else { return false }
            setInt16(value, at: index)
        case .float8:
            setDouble(Double(integer), at: index)
        case .bool:
            setBool(integer != 0, at: index)
        case .timestamptz, .timestamp:
            return bindTimestamp(seconds: Double(integer), at: index)
        default:
            return false
        }
        return true
    }

    /// Seconds since 1970 as microseconds since 2000, rounded as ``PGTimestampText/text(_:)``
    /// rounds them, the infinities as PostgreSQL's `infinity` and `-infinity`; false for seconds
    /// no `Int64` of microseconds holds (NaN, 1e300), which the text form reports.
    private func bindTimestamp(seconds: Double, at index: Int) -> Bool {
        if seconds.isInfinite {
            setTimestamp(microsecondsSince2000: seconds < 0 ? .min : .max, at: index)
            return true
        }
        guard let microseconds = Int64(exactly: (seconds * 1_000_000).rounded()),
              case let (value, overflow) = microseconds.subtractingReportingOverflow(946_684_800_000_000), !overflow
        else {
            return false
        }
        setTimestamp(microsecondsSince2000: value, at: index)
        return true
    }
}
