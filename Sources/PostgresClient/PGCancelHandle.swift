import CLibPQ

/// Asks the server to stop the statement a connection is running; safe to call from any thread
/// while that connection is busy (`PQcancel` with a cancel object of its own).
///
/// The statement then fails with a ``PGError`` whose ``PGError/isCancelled`` is true. A request
/// that arrives when nothing runs does nothing.
public final class PGCancelHandle: @unchecked Sendable {
    // libpq documents PQcancel as thread-safe on a PGcancel object, which is made once at connect
    // time and freed once, here.
    private let handle: OpaquePointer

    init?(connection: OpaquePointer) {
        guard let handle = PQgetCancel(connection) else {
            return nil
        }
        self.handle = handle
    }

    deinit {
        PQfreeCancel(handle)
    }

    /// Sends the cancel request.
    ///
    /// - Throws: ``PGError`` when the request could not be sent (the server is unreachable).
    public func cancel() throws {
        var buffer = [CChar](repeating: 0, count: 256)
        let sent = buffer.withUnsafeMutableBufferPointer { PQcancel(handle, $0.baseAddress, Int32($0.count)) }
        if sent == 0 {
            let message = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw PGError(kind: .connection, message: message.isEmpty ? "cancel request failed" : message)
        }
    }
}
