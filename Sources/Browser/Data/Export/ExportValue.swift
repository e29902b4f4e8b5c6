import FoundationEssentials
@_spi(ModelSupport) import ORMCore
@_spi(ModelSupport) import ORMSQLite
@_spi(ModelSupport) import ORMShared

/// A value as an export reads it: exactly as SQLite stores it, text included when its bytes are
/// not valid UTF-8 (which a `SQLValue` cannot hold without repairing them with U+FFFD).
enum ExportValue: Hashable, Sendable {
    /// SQL NULL.
    case null
    /// An integer.
    case integer(Int64)
    /// A PostgreSQL `boolean` (``BooleanColumnRows``): `true`/`false` in CSV, TSV and JSON.
    case boolean(Bool)
    /// A double.
    case real(Double)
    /// Text.
    case text(String)
    /// Text whose bytes are not valid UTF-8, kept as they are.
    case undecodableText([UInt8])
    /// Bytes.
    case blob(Data)

    /// The value in `column`, read in place.
    init(_ column: ColumnValue) {
        if column.isInteger {
            self = .integer(column.int64)
        } else if column.isReal {
            self = .real(column.double)
        } else if column.isText {
            self = column.withTextBytes { bytes in
                String(validating: bytes, as: UTF8.self).map(ExportValue.text) ?? .undecodableText(Array(bytes))
            }
        } else if column.isBlob {
            self = .blob(column.blob)
        } else {
            self = .null
        }
    }

    /// The same value.
    init(_ value: SQLValue) {
        switch value {
        case .null: self = .null
        case .integer(let integer): self = .integer(integer)
        case .real(let real): self = .real(real)
        case .text(let text): self = .text(text)
        case .blob(let data): self = .blob(data)
        }
    }

    /// A real as text exports write it (CSV, TSV and finite reals in JSON): the shortest decimal
    /// that reads back as the same double, always with a `.` or an exponent (`2.0`, `1e-05`,
    /// `-0.0`); `1e999` and `-1e999` for the infinities, as SQLite writes them (SQLite, Swift's
    /// `Double(_:)` and spreadsheets read them back as infinite); `NaN` as PostgreSQL writes it.
    static func decimal(_ real: Double) -> String {
        if real.isInfinite {
            return real < 0 ? "-1e999" : "1e999"
        }
        if real.isNaN {
            return "NaN"
        }
        return String(real)
    }
}
