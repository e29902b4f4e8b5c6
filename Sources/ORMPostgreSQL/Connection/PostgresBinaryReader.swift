import FoundationEssentials
import PostgresClient
import ORMShared

/// How a column of a statement whose results come in PostgreSQL's binary form is read: chosen
/// once a statement from the column's catalog type and the stored type a model names for it.
///
/// A statement asks for binary results only when every column has one (libpq sets one result
/// format for all the columns of a statement); a statement with any other column (`numeric`,
/// `interval`, a `timestamptz` read as the server's text, arrays, enums…) takes text results and
/// the text readers. Each reader makes the value the text form would have made: an integer, a
/// double with the very bits the server holds (no `strtod`), 0 or 1 for a `boolean`, the bytes of
/// a `bytea`, a `uuid`'s canonical lowercase text, a `timestamptz` or `timestamp` as seconds since
/// 1970 (`infinity` as the text the server writes for it), a `jsonb`'s JSON text.
enum PostgresBinaryReader: Equatable {
    /// `smallint`, `integer`, `bigint` and `oid`, as integers.
    case int16, int32, int64, oid
    /// `double precision` (`real` is read from its text: its shortest decimal is what a user
    /// sees, where the binary float widened to a double has other digits).
    case float64
    /// `boolean`, as 0 or 1.
    case boolean
    /// `text`, `varchar`, `char(n)`, `name` and `json`: the bytes are the text.
    case text
    /// `jsonb`: a version byte, then the text.
    case jsonb
    /// `bytea`, as bytes.
    case bytes
    /// `uuid`, as its canonical lowercase text.
    case uuid
    /// `timestamptz` and `timestamp` (taken as UTC) read as a model's `Date`: microseconds since
    /// 2000-01-01.
    case timestamp
    /// `date` read as a model's `Date`: days since 2000-01-01, midnight UTC.
    case day

    /// The reader for a column of catalog type `type` read as `stored` (nil: by its catalog
    /// type), or nil when the text form must be read (the type has no binary reader, or the
    /// stored type reads it otherwise). `integerTimestamps`: whether the server sends
    /// timestamps as integers (`integer_datetimes`, on since PostgreSQL 10).
    init?(type: PGTypeOID, as stored: StoredType?, integerTimestamps: Bool) {
        let byCatalog = stored == nil || stored == .any
        switch type {
        case .int2, .int4, .int8, .oid:
            guard byCatalog || stored == .integer else { return nil }
            self = type == .int2 ? .int16 : type == .int4 ? .int32 : type == .int8 ? .int64 : .oid
        case .float8:
            guard byCatalog || stored == .double else { return nil }
            self = .float64
        case .bool:
            guard byCatalog || stored == .boolean else { return nil }
            self = .boolean
        case .text, .varchar, .bpchar, .name:
            guard byCatalog || stored == .text || stored == .uuid || stored == .decimal || stored == .json else {
                return nil
            }
            self = .text
        case .json, .jsonb:
            guard byCatalog || stored == .json || stored == .text else { return nil }
            self = type == .json ? .text : .jsonb
        case .bytea:
            guard byCatalog || stored == .bytes else { return nil }
            self = .bytes
        case .uuid:
            guard byCatalog || stored == .uuid || stored == .text else { return nil }
            self = .uuid
        case .timestamptz, .timestamp:
            guard stored == .date, integerTimestamps else { return nil }
            self = .timestamp
        case .date:
            guard stored == .date else { return nil }
            self = .day
        default:
            return nil
        }
    }

    /// Every column's reader, or nil when a column has none (the statement then takes text results).
    package static func readers(
        types: [PGTypeOID], as stored: [StoredType?], integerTimestamps: Bool
    ) -> [PostgresBinaryReader]? {
        var readers: [PostgresBinaryReader] = []
        readers.reserveCapacity(types.count)
        for (type, stored) in zip(types, stored) {
            guard let reader = PostgresBinaryReader(type: type, as: stored, integerTimestamps: integerTimestamps) else {
                return nil
            }
            readers.append(reader)
        }
        return readers
    }

    /// The value of the `length` bytes at `pointer`, as the server sent it in binary form. A value
    /// whose length its type does not have (which the server never sends) is kept as its bytes.
    @inline(__always)
    package func value(_ pointer: UnsafePointer<CChar>, _ length: Int) -> SQLValue {
        let raw = UnsafeRawPointer(pointer)
        switch self {
        case .int64:
            guard length == 8 else { break }
            return .integer(Int64(bigEndian: raw.loadUnaligned(as: Int64.self)))
        case .float64:
            guard length == 8 else { break }
            return .real(Double(bitPattern: UInt64(bigEndian: raw.loadUnaligned(as: UInt64.self))))
        case .text:
            return .text(Self.string(pointer, length))
        case .int32:
            guard length == 4 else { break }
            return .integer(Int64(Int32(bigEndian: raw.loadUnaligned(as: Int32.self))))
        case .int16:
            guard length == 2 else { break }
            return .integer(Int64(Int16(bigEndian: raw.loadUnaligned(as: Int16.self))))
        case .oid:
            guard length == 4 else { break }
            return .integer(Int64(UInt32(bigEndian: raw.loadUnaligned(as: UInt32.self))))
        case .boolean:
            guard length == 1 else { break }
            return .integer(pointer.pointee == 0 ? 0 : 1)
        case .bytes:
            return .blob(Data(UnsafeRawBufferPointer(start: raw, count: length)))
        case .jsonb:
            // Version 1 is the only one there is; another is kept as its bytes rather than misread.
            guard length >= 1, pointer.pointee == 1 else { break }
            return .text(Self.string(pointer + 1, length - 1))
        case .uuid:
            guard length == 16 else { break }
            return .text(Self.uuidText(raw))
        case .timestamp:
            guard length == 8 else { break }
            return Self.timestamp(Int64(bigEndian: raw.loadUnaligned(as: Int64.self)))
        case .day:
            guard length == 4 else { break }
            return Self.day(Int32(bigEndian: raw.loadUnaligned(as: Int32.self)))
        }
        return .blob(Data(UnsafeRawBufferPointer(start: raw, count: length)))
    }

    @inline(__always)
    private static func string(_ pointer: UnsafePointer<CChar>, _ length: Int) -> String {
        pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }

    /// Seconds from 1970-01-01 to 2000-01-01, PostgreSQL's epoch.
    static let epochSeconds: Int64 = 946_684_800

    /// Microseconds since 2000-01-01 as a `Date`'s seconds since 1970, summed as the text path
    /// sums them (whole seconds, then the fraction) and passed through `Date` as it passes them,
    /// so that both give the same `Double`; `infinity` and `-infinity` as the server's text for
    /// them.
    package static func timestamp(_ microseconds: Int64) -> SQLValue {
        if microseconds == .max { return .text("infinity") }
        if microseconds == .min { return .text("-infinity") }
        let (seconds, fraction) = microseconds.quotientAndRemainder(dividingBy: 1_000_000)
        let whole = fraction < 0 ? seconds - 1 : seconds
        let micro = fraction < 0 ? fraction + 1_000_000 : fraction
        return .real(Date(timeIntervalSince1970: Double(whole + epochSeconds) + Double(micro) / 1_000_000).timeIntervalSince1970)
    }

    /// Days since 2000-01-01 as a `Date`'s seconds since 1970 at midnight UTC; `infinity` and
    /// `-infinity` as the server's text for them.
    package static func day(_ days: Int32) -> SQLValue {
        if days == .max { return .text("infinity") }
        if days == .min { return .text("-infinity") }
        return .real(Date(timeIntervalSince1970: Double(Int64(days) * 86_400 + epochSeconds)).timeIntervalSince1970)
    }

    /// A uuid's 16 bytes as `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`, lowercase, as the server writes it.
    static func uuidText(_ bytes: UnsafeRawPointer) -> String {
        let digits: StaticString = "0123456789abcdef"
        return String(unsafeUninitializedCapacity: 36) { buffer in
            var out = 0
            for index in 0..<16 {
                if index == 4 || index == 6 || index == 8 || index == 10 {
                    buffer[out] = UInt8(ascii: "-")
                    out += 1
                }
                let byte = bytes.load(fromByteOffset: index, as: UInt8.self)
                buffer[out] = digits.utf8Start[Int(byte >> 4)]
                buffer[out + 1] = digits.utf8Start[Int(byte & 0x0f)]
                out += 2
            }
            return out
        }
    }
}
