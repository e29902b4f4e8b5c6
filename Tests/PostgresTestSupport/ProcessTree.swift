import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A process and the processes it started, as Linux's `/proc` lists them: what a test kills to
/// crash a server as the crash of its machine would.
enum ProcessTree {
    /// Stops `pid` (so that it starts no more processes), then kills it and every process it
    /// started with SIGKILL. A PostgreSQL backend outlives a postmaster killed alone until it
    /// notices, and may answer (and commit) meanwhile; a machine that crashed answers nothing.
    static func kill(_ pid: pid_t) {
        Glibc.kill(pid, SIGSTOP)
        let started = children(of: pid)
        Glibc.kill(pid, SIGKILL)
        for child in started {
            Glibc.kill(child, SIGKILL)
        }
    }

    /// The processes whose parent is `parent` (field 4 of `/proc/PID/stat`, after the command's
    /// name in parentheses, which may itself hold spaces and parentheses).
    static func children(of parent: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { name -> pid_t? in
            guard let pid = pid_t(name),
                  let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                  let nameEnd = stat.lastIndex(of: ")")
            else {
                return nil
            }
            let fields = stat[stat.index(after: nameEnd)...].split(separator: " ")
            guard fields.count > 1, pid_t(fields[1]) == parent else {
                return nil
            }
            return pid
        }
    }
}
