import CLibPQ
import Synchronization

/// Asks the server to stop the statement a connection is running; safe to call from any thread
/// while that connection is busy (`PQcancel` with a cancel object of its own).
///
/// The statement then fails with a ``PGError`` whose ``PGError/isCancelled`` is true. A request
/// that arrives when nothing runs does nothing, and neither does one that reaches the server
/// before the statement does: work that must stop whatever it starts ``arm()``s the handle
/// first, and an ``interrupt()`` then stops the statement that runs and every one started until
/// ``disarm()``. After ``PGConnection/reconnect()`` the handle cancels on the new server process.
///
/// ```swift
/// connection.cancelHandle.arm()
/// defer { connection.cancelHandle.disarm() }
/// // On another thread, at any time: connection.cancelHandle.interrupt()
/// try connection.execute("SELECT pg_sleep(60)")  // throws a cancelled PGError
/// ```
public final class PGCancelHandle: Sendable {
    // libpq documents PQcancel as thread-safe on a PGcancel object; the object is replaced when
    // the connection is made again, and freed once.
    private let handle: Mutex<CancelObject>
    /// Whether the handle is armed, and whether an interrupt was asked since it was.
    private let request = Mutex(InterruptState())

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

    // MARK: - Interrupting

    /// Makes an ``interrupt()`` stop the statements the connection starts after it too, not only
    /// the one it runs, until ``disarm()``; forgets any earlier request. Called on the
    /// connection's own thread.
    public func arm() {
        request.withLock { $0 = InterruptState(isArmed: true, isRequested: false) }
    }

    /// Stops an ``interrupt()`` from reaching later statements, and forgets any request: the next
    /// statement runs as if never interrupted. Called on the connection's own thread.
    public func disarm() {
        request.withLock { $0 = InterruptState() }
    }

    /// Stops the statement the connection runs (a cancel request), and, while the handle is
    /// armed, every statement it starts until ``disarm()``: one not sent yet is not run (it fails
    /// on the server as cancelled, so a transaction it was in is aborted as a cancelled statement
    /// aborts it), and one whose cancel request came before the server began it is cancelled
    /// again while the connection waits for it. Safe from any thread; a server that cannot be
    /// reached has nothing of ours to stop, so a request that cannot be sent is dropped.
    public func interrupt() {
        request.withLock { state in
            if state.isArmed {
                state.isRequested = true
            }
        }
        try? cancel()
    }

    /// Whether the handle is armed.
    var isArmed: Bool {
        request.withLock { $0.isArmed }
    }

    /// Whether an ``interrupt()`` came while the handle is armed: statements must not run.
    var isInterrupted: Bool {
        request.withLock { $0.isArmed && $0.isRequested }
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

/// What ``PGCancelHandle/arm()`` and ``PGCancelHandle/interrupt()`` record.
private struct InterruptState {
    var isArmed = false
    var isRequested = false
}
