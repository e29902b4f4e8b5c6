import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A program the test support ran to its end (`initdb`, `pg_ctl`, `scripts/pg-patroni`): its exit
/// status and what it wrote.
///
/// posix_spawn and waitpid, not Foundation's `Process`: its wait never returned once `pg_ctl
/// start` had left the server running. Standard input is `/dev/null`; the outputs go to files
/// (named for this process, so that ``TestPostgresServer/removeStaleServers()`` removes those of a
/// test process killed meanwhile), never to pipes a server left running would hold open.
struct ProgramRun {
    /// The program and its arguments.
    let command: [String]
    /// The wait status (`waitpid`'s).
    let status: Int32
    /// What it wrote on its standard output.
    let output: String
    /// What it wrote on its standard error.
    let errors: String

    /// Whether it exited by itself with status 0.
    var exitedWithZero: Bool { status & 0x7f == 0 && (status >> 8) & 0xff == 0 }

    /// Runs `command` (its first element a path) to its end, with `environment` added to this
    /// process's.
    init(_ command: [String], environment: [String: String] = [:]) throws {
        let outputPath = "/tmp/reef-pg-output-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let errorsPath = outputPath + "-errors"
        defer {
            unlink(outputPath)
            unlink(errorsPath)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errorsPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var arguments = command.map { strdup($0) }
        arguments.append(nil)
        defer { arguments.forEach { free($0) } }
        var variables = ProcessInfo.processInfo.environment.merging(environment) { _, added in added }
            .map { strdup("\($0.key)=\($0.value)") }
        variables.append(nil)
        defer { variables.forEach { free($0) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, command[0], &actions, nil, arguments, variables)
        guard spawned == 0 else {
            throw ServerError("could not start \(command[0]): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0, errno == EINTR {}
        self.command = command
        self.status = status
        output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        errors = (try? String(contentsOfFile: errorsPath, encoding: .utf8)) ?? ""
    }

    /// The run's standard output, or an error with both outputs unless it exited with 0.
    func checkedOutput() throws -> String {
        guard exitedWithZero else {
            throw ServerError("\(command.joined(separator: " ")) failed (status \(status)):\n\(output)\(errors)")
        }
        return output
    }
}
