import FoundationEssentials
import ORMCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One prompt's history of one database, kept in a file of the state folder between runs.
///
/// The file is `history/NAME-HASH.KIND` in the folder (NAME the database's file name, or a
/// server's database name, HASH a digest of its ``DatabaseIdentity``): lines of JSON strings, the
/// identity first (a file's real path; `user@host:port/database`, no password), then the
/// entries oldest first, at most ``limit`` of them. It is written whole to a temporary file with
/// permissions 0600 and renamed over the old one, so a crash never leaves half a history, and an
/// entry another reef added meanwhile is kept (each write reads the file again first).
struct HistoryFile: Sendable {
    /// The most entries kept; the oldest go first.
    static let limit = 1_000
    /// The longest entry kept across runs, in UTF-8 bytes (a longer one is kept for this run only).
    static let longestEntry = 64 * 1024

    /// Why the history could not be read or written.
    typealias Failure = FileFailure

    /// The file.
    let path: String
    /// The database's identity (``DatabaseIdentity``), the first line of the file.
    let database: String

    /// The history of `kind` (`sql`, `filter`) of the database `databasePath` names (a file or a
    /// server's connection string, keyed by ``DatabaseIdentity``), in `folder`.
    init(folder: String, databasePath: String, kind: String) {
        let real = DatabaseIdentity.of(databasePath)
        database = real
        let name = String(real.split(separator: "/").last ?? "database").map { character -> Character in
            character.isLetter || character.isNumber || character == "." || character == "_" || character == "-"
                ? character : "_"
        }
        path = folder + "/history/" + String(name.prefix(64)) + "-" + Self.digest(real) + "." + kind
    }

    /// The entries, oldest first; none when there is no file yet.
    ///
    /// - Throws: ``Failure`` when the file exists but cannot be read, or belongs to another database.
    func load() throws(Failure) -> [String] {
        guard let data = FileManager.default.contents(atPath: path) else {
            if access(path, F_OK) == 0 {
                throw Failure(path: path, reason: "cannot be read")
            }
            return []
        }
        let lines = data.split(separator: UInt8(ascii: "\n"))
        let decoder = JSONDecoder()
        guard let first = lines.first, let owner = try? decoder.decode(String.self, from: Data(first)) else {
            return []
        }
        guard owner == database else {
            throw Failure(path: path, reason: "holds the history of \(owner)")
        }
        // A line that does not decode (cut by a full disk, edited by hand) is skipped.
        let entries = lines.dropFirst().compactMap { try? decoder.decode(String.self, from: Data($0)) }
        return Array(entries.suffix(Self.limit))
    }

    /// Adds `entry` (unless it repeats the last one) and writes the file again.
    ///
    /// - Throws: ``Failure`` when the folder cannot be made or the file written; the file is then
    ///   as it was.
    func append(_ entry: String) throws(Failure) {
        guard entry.utf8.count <= Self.longestEntry else {
            return
        }
        var entries = try load()
        guard entries.last != entry else {
            return
        }
        entries.append(entry)
        try write(Array(entries.suffix(Self.limit)))
    }

    // MARK: - Writing

    /// Writes `entries` to a temporary file and renames it over ``path``.
    private func write(_ entries: [String]) throws(Failure) {
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
        try Self.makeFolder(folder)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        var bytes: [UInt8] = []
        for line in [database] + entries {
            guard let encoded = try? encoder.encode(line) else {
                continue
            }
            bytes += encoded
            bytes.append(UInt8(ascii: "\n"))
        }
        let temporary = path + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw Failure(path: folder, reason: FileFailure.systemReason())
        }
        var failure: String?
        if fchmod(descriptor, 0o600) != 0 {
            failure = FileFailure.systemReason()
        }
        var written = 0
        while failure == nil && written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                writeBytes(descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written)
            }
            if count < 0 && errno != EINTR {
                failure = FileFailure.systemReason()
            } else if count > 0 {
                written += count
            }
        }
        if failure == nil && fsync(descriptor) != 0 {
            failure = FileFailure.systemReason()
        }
        if close(descriptor) != 0 && failure == nil {
            failure = FileFailure.systemReason()
        }
        if failure == nil && rename(temporary, path) != 0 {
            failure = FileFailure.systemReason()
        }
        if let failure {
            unlink(temporary)
            throw Failure(path: path, reason: failure)
        }
    }

    /// Makes `folder` and the folders above it that are missing, each readable by its owner only.
    private static func makeFolder(_ folder: String) throws(Failure) {
        var made = ""
        for part in folder.split(separator: "/") {
            made += "/" + part
            if mkdir(made, 0o700) != 0 && errno != EEXIST {
                throw Failure(path: made, reason: FileFailure.systemReason())
            }
        }
        var status = stat()
        guard stat(folder, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else {
            throw Failure(path: folder, reason: "not a folder")
        }
    }

    // MARK: - Helpers

    /// A digest of `text` (64-bit FNV-1a) as 16 hexadecimal digits: the same in every run.
    private static func digest(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return Hex.encode(withUnsafeBytes(of: hash.bigEndian) { Array($0) })
    }
}

/// `write(2)`, named apart from ``HistoryFile``'s own `write`.
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
    #else
        Darwin.write(descriptor, bytes, count)
    #endif
}
