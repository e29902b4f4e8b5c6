import PostgresClient
import ORMShared

#if canImport(Glibc)
    import Glibc
#endif

// How a statement reads its columns' values: the reader chosen once per column, and the common
// types read in place from libpq's text.

extension PostgresStatement {
    /// How a column's value is read, decided once a statement (and again when a model names its
    /// stored types) rather than a value.
    enum ColumnReader: Equatable {
        /// In place from libpq's text: a decimal integer, a float, `t`/`f`, or text as it is.
        case integer, double, boolean, text
        /// Through `SQLValue(row, at:, as:)`.
        case general
        /// From the binary form (the statement takes binary results).
        case binary(PostgresBinaryReader)

        /// The readers of columns of catalog types `types` read as `stored`: binary ones when
        /// every column has one (``PostgresBinaryReader``), and whether they are.
        package static func readers(
            types: [PGTypeOID], as stored: [StoredType?], integerTimestamps: Bool
        ) -> (readers: [ColumnReader], binary: Bool) {
            if let binary = PostgresBinaryReader.readers(types: types, as: stored, integerTimestamps: integerTimestamps) {
                return (binary.map(ColumnReader.binary), true)
            }
            return (zip(types, stored).map(ColumnReader.init(type:as:)), false)
        }

        /// The text reader for a column of catalog type `type` read as `stored` (nil: by its
        /// catalog type). A model's column of another catalog type (a `numeric` holding an
        /// integer) reads as the general path reads it.
        init(type: PGTypeOID, as stored: StoredType?) {
            let isText = type == .text || type == .varchar || type == .bpchar || type == .name
            switch stored {
            case nil, .any?:
                self = type.isInteger ? .integer : type.isFloatingPoint ? .double : type == .bool ? .boolean
                    : isText ? .text : .general
            case .integer?, .double?, .boolean?, .text?:
                guard type.isInteger || type.isFloatingPoint || type == .bool || type == .text || type == .varchar else {
                    self = .general
                    return
                }
                self = stored == .integer ? .integer : stored == .double ? .double : stored == .boolean ? .boolean : .text
            default:
                self = .general
            }
        }
    }

    /// The value of the common types read in place from libpq's text, without the copies the
    /// general path makes: integers, floats, booleans and text as a model or the catalog reads
    /// them. Nil for text not of its reader's form, which then takes `SQLValue(row, at:, as:)`.
    static func fastValue(_ pointer: UnsafePointer<CChar>, _ length: Int, _ reader: ColumnReader) -> SQLValue? {
        switch reader {
        case .integer:
            return Self.integer(pointer, length).map(SQLValue.integer)
        case .double:
            var end: UnsafeMutablePointer<CChar>?
            let value = strtod(pointer, &end)
            guard let end, end == UnsafeMutablePointer(mutating: pointer) + length, length > 0 else { return nil }
            return .real(value)
        case .boolean:
            guard length == 1 else { return nil }
            return pointer.pointee == CChar(UInt8(ascii: "t")) ? .integer(1)
                : pointer.pointee == CChar(UInt8(ascii: "f")) ? .integer(0) : nil
        case .text:
            return pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
                SQLValue.text(String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self))
            }
        case .general, .binary:
            return nil
        }
    }

    /// The decimal integer of `length` bytes at `pointer` (an optional `-`), nil when it is not
    /// one or does not fit.
    package static func integer(_ pointer: UnsafePointer<CChar>, _ length: Int) -> Int64? {
        var index = 0
        let negative = length > 0 && pointer[0] == CChar(UInt8(ascii: "-"))
        if negative { index = 1 }
        guard index < length else { return nil }
        var value: Int64 = 0
        while index < length {
            let digit = Int64(pointer[index]) - 48
            guard digit >= 0, digit <= 9 else { return nil }
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            guard !overflow, !overflow2 else { return nil }
            value = next
            index += 1
        }
        return value
    }
}
