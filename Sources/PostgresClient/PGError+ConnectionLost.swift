extension PGError {
    /// The session with the server was lost or could not be made: libpq's connection errors (the
    /// server went away, the network failed, a reconnect was refused), the server ending the
    /// session (`57P01` admin_shutdown, `57P02` crash_shutdown, `57P03` cannot_connect_now) and
    /// SQLSTATE class `08` (connection exceptions).
    public var isConnectionLost: Bool {
        if kind == .connection { return true }
        guard let state = sqlState else { return false }
        return state.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(state)
    }
}
