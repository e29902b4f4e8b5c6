import FoundationEssentials
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The temporary folders of reef's result stores: `reef-result-<pid>-XXXXXX` in `$TMPDIR` (else
/// `/tmp`), named after the process that made them, so that the folders a reef killed by a signal
/// left behind (it removes its own when the results close and when it ends) are found and removed
/// by the next reef that stores results, once per process.
enum ResultFolders {
    /// The prefix of every store's folder name.
    static let prefix = "reef-result-"

    /// Whether this process has swept the base folder already.
    private static let swept = Mutex(false)

    /// The folder result stores are made in: `$TMPDIR`, else `/tmp`.
    static var base: String {
        ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    }

    /// Makes a new, empty folder for a store in `base`, named after this process, after removing
    /// (the first time in this process) the folders of reefs that are gone.
    ///
    /// - Throws: ``ResultStore/StoreError`` when the folder cannot be made.
    static func make(in base: String = ResultFolders.base) throws -> String {
        let first = swept.withLock { swept in
            defer { swept = true }
            return !swept
        }
        if first { removeAbandoned(in: base) }
        var template = Array("\(base)/\(prefix)\(getpid())-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            throw ResultStore.StoreError(
                reason: "cannot make a temporary folder in \(base): \(String(cString: strerror(errno)))")
        }
        return String(cString: made)
    }

    /// Removes the store folders in `base` whose process no longer runs; returns their names.
    /// A folder of a process that runs (this one, another reef), or of a name without a process
    /// number, is left.
    @discardableResult
    static func removeAbandoned(in base: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: base) else { return [] }
        var removed: [String] = []
        for name in names.sorted() {
            guard let owner = owner(ofFolderNamed: name), !isRunning(owner) else { continue }
            if (try? FileManager.default.removeItem(atPath: base + "/" + name)) != nil { removed.append(name) }
        }
        return removed
    }

    /// The process number a store folder's name carries, nil for any other name.
    static func owner(ofFolderNamed name: String) -> pid_t? {
        guard name.hasPrefix(prefix) else { return nil }
        let rest = name.dropFirst(prefix.count)
        guard let dash = rest.firstIndex(of: "-"), let pid = pid_t(rest[rest.startIndex..<dash]), pid > 0 else {
            return nil
        }
        return pid
    }

    /// Whether a process numbered `pid` runs (one of another user's counts as running).
    private static func isRunning(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno != ESRCH
    }
}
