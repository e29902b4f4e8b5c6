import Dispatch
import FoundationEssentials
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// reef's temporary folders (a statement's result store, an imported file's database):
/// `reef-<kind>-<pid>-XXXXXX` in `$TMPDIR` (else `/tmp`), named after the process that made them.
/// reef removes its own when it is done with them; those of a reef killed by a signal are found by
/// their process number and removed by the next reef that makes one, once per process, in the
/// background (a `/tmp` of thousands of entries takes tens of milliseconds to read, which the first
/// statement at the SQL prompt would otherwise wait for).
enum TemporaryFolders {
    /// Whether this process has swept the base folder already.
    private static let swept = Mutex(false)

    /// The folder temporary folders are made in: `$TMPDIR`, else `/tmp`.
    static var base: String {
        ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    }

    /// Makes a new, empty folder `reef-<kind>-<pid>-XXXXXX` in `base`; the first time in this
    /// process, also starts removing the folders of reefs that are gone, in the background.
    ///
    /// - Throws: ``FileFailure`` naming `base` when the folder cannot be made.
    static func make(_ kind: String, in base: String = TemporaryFolders.base) throws -> String {
        var template = Array("\(base)/reef-\(kind)-\(getpid())-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            throw FileFailure(path: base, reason: FileFailure.systemReason())
        }
        let first = swept.withLock { swept in
            defer { swept = true }
            return !swept
        }
        if first {
            DispatchQueue.global(qos: .utility).async { removeAbandoned(in: base) }
        }
        return String(cString: made)
    }

    /// Removes the folders in `base` made by reefs that no longer run; returns their names. A
    /// folder of a process that runs (this one, another reef), or of a name without a process
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

    /// The process number in a folder's name `reef-<kind>-<pid>-XXXXXX` (`kind` letters only, then
    /// `mkdtemp`'s six letters and digits), nil for any other name: a test fixture's
    /// `reef-tests-12345678-ABCD-…` (a UUID whose first group is digits) is not reef's.
    static func owner(ofFolderNamed name: String) -> pid_t? {
        let parts = name.split(separator: "-", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "reef", !parts[1].isEmpty,
            parts[1].allSatisfy({ $0.isASCII && $0.isLetter }), let pid = pid_t(parts[2]), pid > 0,
            parts[3].count == 6, parts[3].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
        else { return nil }
        return pid
    }

    /// Whether a process numbered `pid` runs (one of another user's counts as running).
    private static func isRunning(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno != ESRCH
    }
}
