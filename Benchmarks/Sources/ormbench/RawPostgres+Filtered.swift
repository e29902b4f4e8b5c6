import BenchSupport
import CLibPQRaw
import Foundation

extension RawPostgres {
    /// The rows of `sql`, a query with one `double precision` parameter (`$1`), bound in binary, read
    /// from binary results into plain values: libpq's side of the filtered query.
    func fetch(_ sql: String, bindingDouble parameter: Double) throws -> [RawItem] {
        var bits = parameter.bitPattern.bigEndian
        let types: [UInt32] = [701]
        var lengths: [Int32] = [8]
        let formats: [Int32] = [1]
        let result = withUnsafeBytes(of: &bits) { bytes in
            var values: [UnsafePointer<CChar>?] = [bytes.baseAddress?.assumingMemoryBound(to: CChar.self)]
            return PQexecParams(connection, sql, 1, types, &values, &lengths, formats, 1)
        }
        defer { PQclear(result) }
        guard let result, PQresultStatus(result) == PGRES_TUPLES_OK else {
            throw BenchmarkError("the filtered query failed: \(String(cString: PQerrorMessage(connection)))")
        }
        let rows = PQntuples(result)
        var items: [RawItem] = []
        items.reserveCapacity(Int(rows))
        for row in 0..<rows {
            items.append(
                RawItem(
                    id: Int64(bitPattern: binaryInteger(result, row, 0)), name: textValue(result, row, 1) ?? "",
                    score: Double(bitPattern: binaryInteger(result, row, 2)),
                    count: Int(Int64(bitPattern: binaryInteger(result, row, 3))), note: textValue(result, row, 4)))
        }
        return items
    }
}

/// An 8-byte binary value (`bigint`, `double precision`) in host order.
@inline(__always)
private func binaryInteger(_ result: OpaquePointer, _ row: Int32, _ column: Int32) -> UInt64 {
    guard let value = PQgetvalue(result, row, column) else { return 0 }
    return UInt64(bigEndian: UnsafeRawPointer(value).loadUnaligned(as: UInt64.self))
}

/// A text value, or nil for NULL.
@inline(__always)
private func textValue(_ result: OpaquePointer, _ row: Int32, _ column: Int32) -> String? {
    guard PQgetisnull(result, row, column) == 0, let value = PQgetvalue(result, row, column) else { return nil }
    let length = Int(PQgetlength(result, row, column))
    return value.withMemoryRebound(to: UInt8.self, capacity: length) {
        String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
    }
}
