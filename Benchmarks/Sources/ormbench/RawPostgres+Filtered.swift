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
        return items(of: result)
    }
}
