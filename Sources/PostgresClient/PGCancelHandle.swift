import CLibPQ
import Synchronization

/// Asks the server to stop the statement a connection is running; safe to call from any thread
/// while that connection is busy (`PQcancel` with a cancel object of its own).
///
/// The statement then fails with a ``PGError`` whose ``PGError/isCancelled`` is true. A request
/// that arrives when nothing runs does nothing. After ``PGConnection/reconnect()`` the handle
/// cancels on the new server process.
public final class PGCancelHandle: Sendable {
    // libpq documents PQcancel as thread-safe on a PGcancel object; the object is replaced when
    // the connection is made again, and freed once.
    private let handle: Mutex<CancelObject>

    init?(connection: OpaquePointer) {
        guard let object = CancelObject(connection: connection) else {
            return nil
        }
        handle = Mutex(object)
    }

    /// Points the handle at the server process `connection` now talks to.
    func renew(for connection: OpaquePointer) {
        let connection = LockedHandle(pointer: connection)
        handle.withLock { object in
            if let fresh = CancelObject(connection: connection.pointer) {
                object = fresh
            }
        }
    }

    /// Sends the cancel request.
    ///
    /// - Throws: ``PGError`` when the request could not be sent (the server is unreachable).
    public func cancel() throws {
        var buffer = [CChar](repeating: 0, count: 256)
        let sent = handle.withLock { object in
            buffer.withUnsafeMutableBufferPointer { PQcancel(object.pointer, $0.baseAddress, Int32($0.count)) }
        }
        if sent == 0 {
            let message = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw PGError(kind: .connection, message: message.isEmpty ? "cancel request failed" : message)
        }
    }
}

/// A `PGcancel` object, freed when dropped.
private struct CancelObject: ~Copyable, @unchecked Sendable {
    // Reached only under the handle's lock.
    let pointer: OpaquePointer

    init?(connection: OpaquePointer) {
        guard let pointer = PQgetCancel(connection) else {
            return nil
        }
        self.pointer = pointer
    }

    deinit {
        PQfreeCancel(pointer)
    }
}
