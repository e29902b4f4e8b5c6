import ArgumentParser
import ORMCore

/// The `reef` command line.
public struct ReefCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "reef", abstract: "Browse a SQLite database.", version: "0.1.0")

    @Argument(help: "The database file.")
    var database: String

    public init() {}

    public func run() throws {
        var configuration = Configuration()
        configuration.readOnly = true
        let db = try Database(path: database, configuration: configuration)
        for object in try db.schemaObjects() { print(object.name) }
    }
}
