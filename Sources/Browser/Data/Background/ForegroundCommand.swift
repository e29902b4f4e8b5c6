import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// A shell command run as reef's child in reef's own process group, as `system()` runs one.
///
/// Foundation's `Process` starts its child in a new process group, which is not the terminal's
/// foreground group: an editor reading the terminal would get `EIO` (or stop on `SIGTTIN`). Here
/// the child shares reef's group, so it owns the terminal while reef waits. Like `system()`, reef
/// ignores SIGINT and SIGQUIT while it waits (Ctrl-C is the editor's, not a reason for reef to
/// end) and the child gets their default actions back.
enum ForegroundCommand {
    /// How the child ended.
    enum Termination: Equatable, Sendable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case signalled(Int32)
    }

    /// The child could not be started: the `errno` of `posix_spawn` or `waitpid`.
    struct Failure: Error, CustomStringConvertible {
        /// The error number.
        let code: Int32

        /// The system's text for it.
        var description: String {
            String(cString: strerror(code))
        }
    }

    /// Runs `command` with `/bin/sh -c`, passing `arguments` to it as `"$@"`, and waits for it.
    ///
    /// - Parameters:
    ///   - command: A shell command line, such as `vim` or `code --wait`.
    ///   - arguments: Arguments appended to it, each quoted by the shell.
    ///   - silenced: Whether its standard input and output are `/dev/null` (no terminal).
    /// - Throws: ``Failure`` when the shell cannot be started or waited for.
    static func run(_ command: String, arguments: [String], silenced: Bool) throws(Failure) -> Termination {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if silenced {
            posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGQUIT)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))

        let argv = (["/bin/sh", "-c", command + " \"$@\"", "sh"] + arguments).map { strdup($0) } + [nil]
        let environment = ProcessMemory.childEnvironment(ProcessInfo.processInfo.environment)
            .map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            (argv + environment).forEach { free($0) }
        }
        let interrupt = signal(SIGINT, SIG_IGN)
        let quit = signal(SIGQUIT, SIG_IGN)
        defer {
            signal(SIGINT, interrupt)
            signal(SIGQUIT, quit)
        }
        var child = pid_t()
        let code = posix_spawn(&child, "/bin/sh", &actions, &attributes, argv, environment)
        guard code == 0 else {
            throw Failure(code: code)
        }
        var status: Int32 = 0
        while waitpid(child, &status, 0) == -1 {
            guard errno == EINTR else {
                throw Failure(code: errno)
            }
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG are macros Swift does not import.
        return status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f)
    }
}
