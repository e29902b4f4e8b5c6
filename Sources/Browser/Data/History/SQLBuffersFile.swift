/// The SQL editor's buffers of one database (``SQLBuffers``), kept in a file of the state folder
/// between runs, beside the history.
///
/// The file is `history/NAME-HASH.buffers` in the folder (``StateFile/name(for:)``): lines of
/// JSON strings, the database's ``DatabaseIdentity`` first (a file's real path;
/// `user@host:port/database`, never a password), then the number of the current buffer (from
/// 1), then for each buffer its cursor and its text. It is written whole, 0600, renamed over the
/// old one (``StateFile``).
struct SQLBuffersFile: Sendable {
    /// The file.
    let path: String
    /// The database's identity, the first line of the file.
    let database: String

    /// The buffers of the database `databasePath` names (a file or a server's connection string),
    /// in the state `folder`.
    init(folder: String, databasePath: String) {
        database = DatabaseIdentity.of(databasePath)
        path = folder + "/history/" + StateFile.name(for: database) + ".buffers"
    }

    /// The buffers kept; nil when there is no file yet.
    ///
    /// - Throws: ``FileFailure`` when the file exists but cannot be read, belongs to another
    ///   database, or is not as ``write(_:)`` leaves it.
    func load() throws(FileFailure) -> SQLBuffers? {
        guard let rest = try StateFile.readLines(of: path, ownedBy: database, holding: "buffers", strictly: true) else {
            return nil
        }
        guard let current = rest.first.flatMap({ Int($0) }), rest.count % 2 == 1 else {
            throw FileFailure(path: path, reason: "is not a file of buffers")
        }
        var texts: [(text: String, cursor: Int)] = []
        var index = rest.startIndex + 1
        while index < rest.endIndex {
            guard let cursor = Int(rest[index]) else {
                throw FileFailure(path: path, reason: "is not a file of buffers (line \(index + 1))")
            }
            texts.append((rest[index + 1], cursor))
            index += 2
        }
        guard (1...max(1, texts.count)).contains(current) else {
            throw FileFailure(path: path, reason: "is not a file of buffers (no buffer \(current))")
        }
        return SQLBuffers(texts: texts, current: current - 1)
    }

    /// Writes `buffers` whole.
    ///
    /// - Throws: ``FileFailure`` when the folder cannot be made or the file written; the file is
    ///   then as it was.
    func write(_ buffers: SQLBuffers) throws(FileFailure) {
        let lines = [database, String(buffers.currentIndex + 1)] + buffers.buffers.flatMap { [String($0.cursor), $0.text] }
        try StateFile.write(lines: lines, to: path)
    }
}
