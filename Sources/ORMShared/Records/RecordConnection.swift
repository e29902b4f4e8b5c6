/// A ``DatabaseConnection`` as the record layer holds it: the driver's connection also as
/// ``RecordDriverConnection``, found once when the connection opened (``Database`` makes every
/// connection of its core one of these), so no record path casts per call.
package final class RecordConnection: DatabaseConnection, @unchecked Sendable {
    /// The connection as the record layer's driver protocol sees it.
    package let driver: any RecordDriverConnection

    /// Holds `connection`, which must be a ``RecordDriverConnection`` too.
    ///
    /// - Throws: ``ORMError/notSupported(feature:database:)`` for a driver whose connection is not.
    package init(opening connection: any CoreDriverConnection) throws {
        guard let driver = connection as? any RecordDriverConnection else {
            throw ORMError.notSupported(feature: "records over \(type(of: connection))", database: connection.databaseName)
        }
        self.driver = driver
        super.init(connection)
    }
}

extension DatabaseConnection {
    /// The connection as the record layer's driver protocol sees it: every connection of a
    /// ``Database``'s core is a ``RecordConnection``.
    @inline(__always)
    package var records: any RecordDriverConnection {
        recordConnection.driver
    }

    /// This connection as the record layer made it.
    @inline(__always)
    var recordConnection: RecordConnection {
        unsafeDowncast(self, to: RecordConnection.self)
    }
}
