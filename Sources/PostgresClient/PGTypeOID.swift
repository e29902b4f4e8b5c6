/// The object identifiers of PostgreSQL's built-in types, as `PQftype` reports them.
///
/// Types a user creates (enums, domains, composites) have their own identifiers; ask the catalog
/// (`pg_type`) for their names.
public struct PGTypeOID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The identifier.
    public let rawValue: UInt32

    /// Wraps an identifier.
    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    public static let bool = PGTypeOID(rawValue: 16)
    public static let bytea = PGTypeOID(rawValue: 17)
    public static let char = PGTypeOID(rawValue: 18)
    public static let name = PGTypeOID(rawValue: 19)
    public static let int8 = PGTypeOID(rawValue: 20)
    public static let int2 = PGTypeOID(rawValue: 21)
    public static let int4 = PGTypeOID(rawValue: 23)
    public static let text = PGTypeOID(rawValue: 25)
    public static let oid = PGTypeOID(rawValue: 26)
    public static let json = PGTypeOID(rawValue: 114)
    public static let xml = PGTypeOID(rawValue: 142)
    public static let float4 = PGTypeOID(rawValue: 700)
    public static let float8 = PGTypeOID(rawValue: 701)
    public static let money = PGTypeOID(rawValue: 790)
    public static let inet = PGTypeOID(rawValue: 869)
    public static let bpchar = PGTypeOID(rawValue: 1042)
    public static let varchar = PGTypeOID(rawValue: 1043)
    public static let date = PGTypeOID(rawValue: 1082)
    public static let time = PGTypeOID(rawValue: 1083)
    public static let timestamp = PGTypeOID(rawValue: 1114)
    public static let timestamptz = PGTypeOID(rawValue: 1184)
    public static let interval = PGTypeOID(rawValue: 1186)
    public static let timetz = PGTypeOID(rawValue: 1266)
    public static let numeric = PGTypeOID(rawValue: 1700)
    public static let uuid = PGTypeOID(rawValue: 2950)
    public static let jsonb = PGTypeOID(rawValue: 3802)

    /// Whether values of this type are integers (`int2`, `int4`, `int8`, `oid`).
    public var isInteger: Bool { [.int2, .int4, .int8, .oid].contains(self) }
    /// Whether values of this type are binary floating point (`float4`, `float8`).
    public var isFloatingPoint: Bool { self == .float4 || self == .float8 }

    public var description: String { "oid \(rawValue)" }
}
