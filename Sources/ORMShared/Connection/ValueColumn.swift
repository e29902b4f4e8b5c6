import FoundationEssentials

/// One column of a driver's current row as a value already read (a ``DirectRow``'s, PostgreSQL's:
/// the value as its statement's reader for the column made it), and what ``_ValueReader`` asks of
/// it derived from that value: what the generated initialisers decode a direct row's properties
/// from, with every conversion inlined.
///
/// A boolean reads as the integer 0 or 1, bytes as bytes, integers and floats as numbers, and
/// text as itself; a number asked for as text reads as its decimal text.
@usableFromInline
package struct ValueColumn: _ValueReader {
    /// The column's value (`.null` when the statement is on no row).
    @usableFromInline package let value: SQLValue

    @inlinable
    package init(value: SQLValue) {
        self.value = value
    }

    @inlinable
    package var isNull: Bool { value.isNull }

    @inlinable
    package var isInteger: Bool {
        if case .integer = value { return true }
        return false
    }

    @inlinable
    package var isReal: Bool {
        if case .real = value { return true }
        return false
    }

    @inlinable
    package var isText: Bool {
        if case .text = value { return true }
        return false
    }

    @inlinable
    package var isBlob: Bool {
        if case .blob = value { return true }
        return false
    }

    @inlinable
    package var int64: Int64 {
        switch value {
        case .integer(let integer): integer
        case .real(let real): real.isFinite ? Int64(exactly: real.rounded(.towardZero)) ?? (real < 0 ? .min : .max) : 0
        case .text(let text): Int64(text) ?? Double(text).flatMap { Int64(exactly: $0.rounded(.towardZero)) } ?? 0
        case .null, .blob: 0
        }
    }

    @inlinable
    package var double: Double {
        switch value {
        case .integer(let integer): Double(integer)
        case .real(let real): real
        case .text(let text): Double(text) ?? 0
        case .null, .blob: 0
        }
    }

    @inlinable
    package var text: String {
        switch value {
        case .integer(let integer): String(integer)
        case .real(let real): real.description
        case .text(let text): text
        case .blob(let data): String(decoding: data, as: UTF8.self)
        case .null: ""
        }
    }

    @inlinable
    package var blob: Data {
        switch value {
        case .blob(let data): data
        case .text(let text): Data(text.utf8)
        case .integer, .real: Data(text.utf8)
        case .null: Data()
        }
    }
}
