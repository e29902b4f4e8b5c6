import PostgresClient
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

extension TestPostgresServer {
    /// Makes an empty database on the shared server for `test`, named `prefix` and a random part,
    /// and drops it (closing whatever is still connected) when the test ends, passed or failed.
    ///
    /// - Returns: the database's name, for ``connectionString(database:)``.
    public func makeDatabase(_ prefix: String, for test: XCTestCase) throws -> String {
        let name = "\(prefix)_\(getpid())_\(UInt32.random(in: 0...UInt32.max))"
        try PGConnection(connectionString()).execute("CREATE DATABASE " + PGConnection.quoteIdentifier(name))
        test.addTeardownBlock { [self] in
            _ = try? PGConnection(connectionString())
                .execute("DROP DATABASE IF EXISTS " + PGConnection.quoteIdentifier(name) + " WITH (FORCE)")
        }
        return name
    }
}
