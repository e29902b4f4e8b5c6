import ORMShared

extension Configuration {
    /// Functions written in Swift that SQL may call, registered on every connection. SQLite only.
    public var functions: [SQLFunction] {
        get { driverOptions[[SQLFunction].self] ?? [] }
        set { driverOptions[[SQLFunction].self] = newValue }
    }
}
