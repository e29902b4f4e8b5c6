import Foundation
import ORMCore
import XCTest

/// Checks on a real database nobody here wrote. `scripts/test` passes its path in `REEF_CHINOOK`;
/// the file is only read (copied before anything writes to it).
final class ChinookTests: XCTestCase {
    private func chinookPath() throws -> String {
        let path = try XCTUnwrap(
            ProcessInfo.processInfo.environment["REEF_CHINOOK"],
            "set REEF_CHINOOK to the path of chinook.sqlite (scripts/test does)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: path), "no file at \(path)")
        return path
    }

    private func openReadOnly() throws -> Database {
        var configuration = Configuration()
        configuration.readOnly = true
        return try Database(path: try chinookPath(), configuration: configuration)
    }

    func testSchemaIsIntrospected() throws {
        let db = try openReadOnly()
        let tables = try db.schemaObjects().filter { $0.kind == .table }.map(\.name)
        XCTAssertEqual(
            Set(tables),
            [
                "Album", "Artist", "Customer", "Employee", "Genre", "Invoice", "InvoiceLine", "MediaType", "Playlist",
                "PlaylistTrack", "Track",
            ])
        let track = try XCTUnwrap(try db.tableInfo("Track"))
        XCTAssertEqual(track.primaryKey, ["TrackId"])
        XCTAssertEqual(track.column(named: "Name")?.declaredType, "NVARCHAR(200)")
        XCTAssertEqual(track.column(named: "Name")?.affinity, .text)
        XCTAssertEqual(
            Set(track.foreignKeys.map(\.table)), ["Album", "Genre", "MediaType"], "Track references three tables")
        let playlistTrack = try XCTUnwrap(try db.tableInfo("PlaylistTrack"))
        XCTAssertEqual(playlistTrack.primaryKey, ["PlaylistId", "TrackId"], "a composite key")
        XCTAssertTrue(track.sql?.hasPrefix("CREATE TABLE") ?? false)
    }

    func testRawQueriesWithBoundArguments() throws {
        let db = try openReadOnly()
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM Track"), .integer(3503))
        let artist = "AC/DC"
        let albums = try db.fetchAll(
            """
            SELECT al.Title FROM Album al JOIN Artist ar ON ar.ArtistId = al.ArtistId
            WHERE ar.Name = \(artist) ORDER BY al.Title
            """)
        XCTAssertEqual(albums, [["For Those About To Rock We Salute You"], ["Let There Be Rock"]])
        let genres = try db.fetchRows("SELECT Genre.Name, count(*) AS n FROM Track JOIN Genre USING (GenreId) WHERE GenreId IN ? GROUP BY GenreId ORDER BY GenreId", [1, 2])
        XCTAssertEqual(genres.columns, ["Name", "n"])
        XCTAssertEqual(genres.rows, [["Rock", 1297], ["Jazz", 130]])
    }

    func testReadOnlyOpeningLeavesTheFileUntouched() throws {
        let path = try chinookPath()
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let db = try openReadOnly()
        XCTAssertThrowsError(try db.execute("DELETE FROM Track"))
        _ = try db.fetchAll("SELECT * FROM Invoice")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before)
    }

    func testWritesOnACopyInATransaction() throws {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("chinook-\(UUID().uuidString).sqlite")
        try FileManager.default.copyItem(atPath: try chinookPath(), toPath: copy.path)
        defer { try? FileManager.default.removeItem(at: copy) }
        let db = try Database(path: copy.path)
        XCTAssertThrowsError(
            try db.transaction { _ in
                try db.execute("UPDATE Track SET UnitPrice = UnitPrice * 2")
                try db.execute("DELETE FROM Genre WHERE GenreId = 1")  // referenced by tracks: refused
            })
        XCTAssertEqual(try db.scalar("SELECT sum(UnitPrice) FROM Track"), try openReadOnly().scalar("SELECT sum(UnitPrice) FROM Track"))
    }

    func testTablesFoundAtRunTime() throws {
        let db = try openReadOnly()
        let tracks = try db.table("Track")
        XCTAssertEqual(tracks.entity.keyColumns, ["TrackId"])
        // Foreign keys become dot paths: Track.AlbumId → Album, Album.ArtistId → Artist.
        let acdc = try tracks.query().where("AlbumId.ArtistId.Name = \("AC/DC")").orderBy("Name").fetch()
        XCTAssertEqual(acdc.count, 18)
        XCTAssertEqual(acdc.first?["Name"], .text("Bad Boy Boogie"))
        XCTAssertEqual(try tracks.query().where("GenreId = \(1)").count(), 1297)
        XCTAssertEqual(try tracks.query().sum("Milliseconds").description, "1378778040")

        // A batched walk over every track, ordered by an unindexed column, in windows of 100.
        let byName = try tracks.query().orderBy("Name").batch(100).fetch()
        XCTAssertEqual(byName.count, 3503)
        let loaded = try tracks.query().orderBy("Name").fetch()
        XCTAssertEqual(byName.map { $0["TrackId"] }, loaded.map { $0["TrackId"] }, "windows follow the query order")
        XCTAssertLessThanOrEqual(byName.residentWindowCount, 8)

        let lines = try db.table("PlaylistTrack")
        XCTAssertEqual(lines.entity.keyColumns, ["rowid"], "a composite key on a rowid table: the rowid is the key")
        XCTAssertEqual(try lines.query().where("PlaylistId = 1").count(), 3290)
    }
}
