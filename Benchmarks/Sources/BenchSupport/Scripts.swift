import Foundation

/// Runs `scripts/<name>` of this repository with `arguments` and returns what it printed. Through
/// `popen`: Foundation's `Process` never saw the script end once it had started a server.
public func runScript(_ name: String, _ arguments: [String]) throws -> String {
    let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/" + name).path
    let command = ([script] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        .joined(separator: " ")
    guard let pipe = popen(command, "r") else { throw BenchmarkError("cannot run \(command)") }
    var output = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = fread(&buffer, 1, buffer.count, pipe)
        if count <= 0 { break }
        output += buffer[0..<count]
    }
    let status = pclose(pipe)
    guard status == 0 else { throw BenchmarkError("\(command) failed (\(status))") }
    return String(decoding: output, as: UTF8.self)
}

/// Why a benchmark could not go on.
public struct BenchmarkError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
