import FoundationEssentials
import ORMCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file reef keeps in its state folder (``StateFolder``) for a database: the prompts' history
/// (``HistoryFile``), the named queries (``NamedQueriesFile``), the SQL editor's buffers
/// (``SQLBuffersFile``). Each is named for the database's
/// ``DatabaseIdentity`` and written whole, readable by its owner alone.
enum StateFile {
    /// `NAME-HASH` for the database `identity`: NAME its last part (a file's name, a server's
    /// database), HASH a digest of the whole identity, the same in every run.
    static func name(for identity: String) -> String {
        let name = String(identity.split(separator: "/").last ?? "database").map { character -> Character in
            character.isLetter || character.isNumber || character == "." || character == "_" || character == "-"
                ? character : "_"
        }
        return String(name.prefix(64)) + "-" + digest(identity)
    }

    /// Writes `lines` as JSON strings to a temporary file with permissions 0600 and renames it
    /// over `path`, so a crash never leaves half a file; the folders missing above it are made,
    /// readable by their owner alone.
    ///
    /// - Throws: ``FileFailure`` when the folder cannot be made or the file written; the file is
    ///   then as it was.
    static func write(lines: [String], to path: String) throws(FileFailure) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        var bytes: [UInt8] = []
        for line in lines {
            guard let encoded = try? encoder.encode(line) else {
                continue
            }
            bytes += encoded
            bytes.append(UInt8(ascii: "\n"))
        }
        try write(bytes, to: path)
    }

    /// Reads the JSON string on each line of `path`, a file of the database `database`, and returns
    /// the lines after the first (which names the database, ``DatabaseIdentity``): nil when there is
    /// no file. A line that does not decode (cut by a full disk, edited by hand) is skipped, or
    /// `strictly` an error (a file whose lines go together, as the buffers' cursor and text do); a
    /// first line that does not decode leaves a file of nothing, or `strictly` an error too.
    ///
    /// - Throws: ``FileFailure`` when the file exists but cannot be read, holds the `what` of
    ///   another database, or `strictly` is empty or holds a line that is not a JSON string.
    static func readLines(of path: String, ownedBy database: String, holding what: String,
                          strictly: Bool = false) throws(FileFailure) -> ArraySlice<String>? {
        guard let data = FileManager.default.contents(atPath: path) else {
            if access(path, F_OK) == 0 {
                throw FileFailure(path: path, reason: "cannot be read")
            }
            return nil
        }
        let decoder = JSONDecoder()
        var lines: [String] = []
        for (index, line) in data.split(separator: UInt8(ascii: "\n")).enumerated() {
            if let decoded = try? decoder.decode(String.self, from: Data(line)) {
                lines.append(decoded)
            } else if strictly {
                throw FileFailure(path: path, reason: "line \(index + 1) is not a JSON string")
            } else if index == 0 {
                return []  // whose file it is cannot be told
            }
        }
        guard let owner = lines.first else {
            if strictly {
                throw FileFailure(path: path, reason: "is empty")
            }
            return []
        }
        guard owner == database else {
            throw FileFailure(path: path, reason: "holds the \(what) of \(owner)")
        }
        return lines.dropFirst()
    }

    /// Writes `bytes` to a temporary file and renames it over `path`.
    private static func write(_ bytes: [UInt8], to path: String) throws(FileFailure) {
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
        try makeFolder(folder)
        let temporary = path + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw FileFailure(path: folder, reason: FileFailure.systemReason())
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
            throw FileFailure(path: path, reason: failure)
        }
    }

    /// Makes `folder` and the folders above it that are missing, each readable by its owner only.
    private static func makeFolder(_ folder: String) throws(FileFailure) {
        var made = ""
        for part in folder.split(separator: "/") {
            made += "/" + part
            if mkdir(made, 0o700) != 0 && errno != EEXIST {
                throw FileFailure(path: made, reason: FileFailure.systemReason())
            }
        }
        var status = stat()
        guard stat(folder, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else {
            throw FileFailure(path: folder, reason: "not a folder")
        }
    }

    /// A digest of `text` (64-bit FNV-1a) as 16 hexadecimal digits: the same in every run.
    private static func digest(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return Hex.encode(withUnsafeBytes(of: hash.bigEndian) { Array($0) })
    }
}

/// `write(2)`, named apart from ``StateFile``'s own `write`.
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
    #else
        Darwin.write(descriptor, bytes, count)
    #endif
}
