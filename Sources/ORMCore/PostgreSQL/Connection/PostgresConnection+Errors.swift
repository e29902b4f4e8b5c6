import PostgresClient

extension PostgresConnection {
    /// Runs `body`, throwing a `PGError` as ``PostgresDatabaseError``.
    static func wrapping<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as PGError {
            throw PostgresDatabaseError(error)
        }
    }
}
