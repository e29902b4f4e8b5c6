import FoundationEssentials

/// How a query turns rows into records, and keys into records it has no row for (lightweight fetches,
/// rows deleted after a result set's snapshot).
public struct RecordDecoder<Record: Sendable>: Sendable {
    /// Decodes the current row of a driver's statement read in place (SQLite's; its first
    /// columns are the entity's columns, in order).
    package let decode: @Sendable (InPlaceRow) throws -> Record
    /// Decodes the current row of another driver's statement, read through its ``_RowReader``
    /// (the macro's generic path for models).
    package let decodeValues: @Sendable (_ValueRow) throws -> Record
    /// A record known only by its key: a fault that loads on first access, or one marked deleted.
    package let fault: @Sendable (Database, [SQLValue]) throws -> Record
    /// Stores the joined values (`"Table.column"` → value) on a record.
    let attachJoined: @Sendable (Record, [String: SQLValue]) -> Void
    /// A record whose row is gone (deleted after a result set's snapshot, or unreadable), marked deleted.
    /// Never fails: a result set's subscript must always have a record to return.
    package let gone: @Sendable (Database, [SQLValue]) -> Record
    /// Readies the database before the first statement (a model's table is created or migrated).
    package var prepare: @Sendable (Database) throws -> Void = { _ in }
    /// Runs a query (rendered, bound when run) on a connection and decodes every row in one call,
    /// when the records can be made that way (models: the driver's own loop that `fetch(where:)`
    /// runs, ``RecordDriverConnection/fetchModels(_:sql:database:mapsColumnsByName:)``, no call
    /// through ``decode`` per row).
    var decodeAll: (@Sendable (SQL, DatabaseConnection, Database) throws -> [Record])? = nil
    /// The stored types a driver with finer column types than SQLite's reads the entity's columns
    /// as (a model's `Date` from `timestamptz`); nil: each column by its own type.
    package var storedColumns: ModelSchema? = nil
}

extension Model {
    /// Decodes rows into live objects through the identity map.
    static var recordDecoder: RecordDecoder<Self> {
        RecordDecoder(
            decode: { row in try row.cells.materialize(Self.self, database: row.database, entity: row.entity) },
            decodeValues: { row in try row.database.materialize(Self.self, row: row, keyIndex: row.resolve(0)) },
            fault: { database, key in try database.object(Self.self, key: key.first ?? .null) },
            attachJoined: { object, values in object._$withStateFields { $0.joined = values } },
            gone: { database, key in goneObject(database, key: key.first ?? .null) },
            prepare: { database in try database.ensureSchema(Self.self) },
            decodeAll: { sql, connection, database in
                try connection.records.fetchModels(Self.self, sql: sql, database: database, mapsColumnsByName: false)
            },
            storedColumns: modelSchema)
    }
}

extension Model {
    /// The object for a key whose row is gone, marked deleted. A key the model cannot even hold (text
    /// in a UUID key, say) gives a detached placeholder, also marked deleted.
    static func goneObject(_ database: Database, key: SQLValue) -> Self {
        let candidates: [SQLValue] = [key, .integer(0), .real(0), .text("0"), .text(UUID().uuidString), .text("about:blank"), .blob(Data())]
        for candidate in candidates {
            let object = candidate == key ? try? database.object(Self.self, key: key) : try? Self(_$faultKey: candidate)
            guard let object else { continue }
            object._$withStateFields { fields in
                if fields.meta.status != .new { fields.meta.status = .deleted }
                // A live object found through the database's map belongs to it already (and its
                // database must not change while it is entered there).
                if fields.database == nil { fields.database = database }
            }
            return object
        }
        preconditionFailure("\(Self.self) rejects every placeholder key: its key type is not a database value type")
    }
}
