// An app on SQLite alone: it depends on the `ORMSQLite` product only and imports nothing else of
// Reef, so everything here (`@Model`, `Database(path:)`, commits, queries) comes with `ORMSQLite`,
// and its binary holds no PostgreSQL code (`SQLiteProductTests` reads it and runs it).
//
// Usage: sqlite-only-example FILE   (a SQLite file, created if missing)
import Glibc
import ORMSQLite

@Model
final class Note {
    var title: String = ""
    var stars: Int = 0
}

guard CommandLine.arguments.count == 2 else {
    print("usage: sqlite-only-example FILE")
    exit(2)
}
let path = CommandLine.arguments[1]
do {
    do {
        let db = try Database(path: path)
        Database.setDefault(db)
        for (title, stars) in [("first", 3), ("second", 5)] {
            let note = Note()
            note.title = title
            note.stars = stars
            try note.commit()
        }
    }
    // A second connection reads what the first committed to the file.
    let reopened = try Database(path: path)
    Database.setDefault(reopened)
    let minimum = 1
    let notes = try Note.query().where("stars >= \(minimum)").orderBy("title").fetch()
    print(notes.map { "\($0.title) \($0.stars)" }.joined(separator: ", "))
} catch {
    print("error: \(error)")
    exit(1)
}
