import BenchSupport
import CLibPQRaw

extension RawPostgres {
    /// Every key of the benchmark's table, in key order.
    func keys() throws -> [Int64] {
        try fetch("SELECT id, name, score, count, note FROM item ORDER BY id").map(\.id)
    }

    /// Writes each row of `keys` in one transaction with one prepared statement and binary
    /// parameters: `UPDATE item SET count = $1 WHERE id = $2` (the count made the key plus one),
    /// or `DELETE FROM item WHERE id = $1`, the statements ORMCore runs for a changed count and a
    /// removed object. One at a time, each waiting for its result, or pipelined.
    func write(keys: [Int64], deleting: Bool, pipelined: Bool) throws {
        let name = deleting ? "delete_item" : "update_item"
        if deleting {
            try prepare(name, "DELETE FROM item WHERE id = $1", types: [20])
        } else {
            try prepare(name, "UPDATE item SET count = $1 WHERE id = $2", types: [20, 20])
        }
        try exec("BEGIN")
        if pipelined {
            guard PQenterPipelineMode(connection) == 1 else { throw error("cannot enter pipeline mode") }
        }
        let count: Int32 = deleting ? 1 : 2
        var lengths: [Int32] = [8, 8]
        let formats: [Int32] = [1, 1]
        for key in keys {
            var id = UInt64(bitPattern: key).bigEndian
            var changed = UInt64(bitPattern: key &+ 1).bigEndian
            let sent = withUnsafeBytes(of: &id) { idBytes in
                withUnsafeBytes(of: &changed) { changedBytes in
                    let idPointer = idBytes.baseAddress?.assumingMemoryBound(to: CChar.self)
                    let changedPointer = changedBytes.baseAddress?.assumingMemoryBound(to: CChar.self)
                    var parameters: [UnsafePointer<CChar>?] = deleting ? [idPointer] : [changedPointer, idPointer]
                    return parameters.withUnsafeMutableBufferPointer { parameters in
                        if pipelined {
                            return PQsendQueryPrepared(connection, name, count, parameters.baseAddress, &lengths, formats, 1) == 1
                        }
                        let result = PQexecPrepared(connection, name, count, parameters.baseAddress, &lengths, formats, 1)
                        defer { PQclear(result) }
                        return PQresultStatus(result) == PGRES_COMMAND_OK
                    }
                }
            }
            guard sent else { throw error(deleting ? "delete failed" : "update failed") }
        }
        if pipelined {
            guard PQpipelineSync(connection) == 1 else { throw error("pipeline sync failed") }
            _ = try drainPipeline(statements: keys.count)
            guard PQexitPipelineMode(connection) == 1 else { throw error("cannot leave pipeline mode") }
        }
        try exec("COMMIT")
        try exec("DEALLOCATE \(name)")
    }
}
