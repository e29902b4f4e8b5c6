import FoundationEssentials
import PostgresClient
import ORMShared

extension SQLValue {
    /// Column `column` of `row` as ORMCore's value.
    ///
    /// For a model's column (`type` given) the value its Swift type reads: `boolean` as 0 or 1,
    /// `timestamptz` as seconds since 1970, `bytea` as bytes, integers and doubles as numbers,
    /// `uuid`, `numeric` (exact to the digit) and `jsonb` as their text.
    ///
    /// For a column found at run time (`type` nil) its catalog type decides: `smallint`,
    /// `integer`, `bigint` and `oid` are integers, `real` and `double precision` reals
    /// (`NaN`, `Infinity` kept), `boolean` 0 or 1, `bytea` bytes; every other type (`numeric`,
    /// dates and times, `interval`, `uuid`, `inet`, `json`, arrays, enums, ranges, composite and
    /// user types) is its text as the server writes it, `psql`'s form, which Swift has no better
    /// type for and which loses no digit.
    ///
    /// - Throws: `PGError` of kind `.misuse` when the server's text is not the form its type
    ///   promises (a session with a `DateStyle` other than ISO for a model's `Date`, `bytea_output`
    ///   set to `escape`).
    public init(_ row: PGRow, at column: Int, as type: StoredType? = nil) throws {
        guard let text = row.text(at: column) else {
            self = .null
            return
        }
        switch type {
        case .integer?:
            self = Int64(text).map(SQLValue.integer) ?? .text(text)
        case .double?:
            self = try row.double(at: column).map(SQLValue.real) ?? .null
        case .boolean?:
            self = try Self.boolean(row, at: column)
        case .date?:
            guard let date = try row.date(at: column) else {
                self = .null
                return
            }
            self = .real(date.timeIntervalSince1970)
        case .bytes?:
            self = try Self.bytes(row, at: column)
        case .text?, .uuid?, .decimal?, .json?:
            self = .text(text)
        case .any?, nil:
            self = try Self.byCatalogType(row, at: column, text: text)
        }
    }

    private static func byCatalogType(_ row: PGRow, at column: Int, text: String) throws -> SQLValue {
        let type = row.result.columnType(at: column)
        if type.isInteger, let integer = Int64(text) {
            return .integer(integer)
        }
        if type.isFloatingPoint {
            return try row.double(at: column).map(SQLValue.real) ?? .null
        }
        switch type {
        case .bool: return try boolean(row, at: column)
        case .bytea: return try bytes(row, at: column)
        default: return .text(text)
        }
    }

    private static func boolean(_ row: PGRow, at column: Int) throws -> SQLValue {
        try row.bool(at: column).map { .integer($0 ? 1 : 0) } ?? .null
    }

    private static func bytes(_ row: PGRow, at column: Int) throws -> SQLValue {
        try row.bytea(at: column).map { .blob(Data($0)) } ?? .null
    }
}
