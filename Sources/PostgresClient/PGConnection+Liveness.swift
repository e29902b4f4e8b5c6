import CLibPQ

extension PGConnection {
    /// Whether the connection is still up, having first read, without waiting, what the server
    /// sent since the last statement: a session the server ended meanwhile (an administrator's
    /// `pg_terminate_backend`, a restart) has left its goodbye and a closed socket, which this
    /// notices before a statement is sent into it. A network that failed silently is noticed
    /// only by the next statement.
    ///
    /// ```swift
    /// if !connection.isStillConnected() { try connection.reconnect() }
    /// ```
    public func isStillConnected() -> Bool {
        connection.withLock { connection in
            guard let handle = connection.handle else {
                return false
            }
            guard PQstatus(handle) == CONNECTION_OK else {
                return false
            }
            // libpq's socket never blocks: the first read takes what is waiting (the server's last
            // message), the second finds the end of the stream when the server closed it. What is
            // read (a notification, rows of a query not read to its end) is kept for libpq to parse
            // when asked.
            if PQconsumeInput(handle) == 1 {
                _ = PQconsumeInput(handle)
            }
            return PQstatus(handle) == CONNECTION_OK
        }
    }
}
