import PostgresClient
import ORMShared

extension PostgresConnection {
    /// Runs `body`, throwing a `PGError` as ``PostgresDatabaseError``.
    package static func wrapping<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as PGError {
            throw PostgresDatabaseError(error)
        }
    }
}
