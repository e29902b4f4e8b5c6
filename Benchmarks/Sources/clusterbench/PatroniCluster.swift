import BenchSupport
import Foundation

/// A Patroni cluster of the benchmark's own (`scripts/pg-patroni start`: one etcd and two nodes on
/// free loopback ports), stopped and removed with ``stop()``.
final class PatroniCluster {
    /// The cluster's folder.
    let folder: String
    /// A URL naming both nodes, to the database `reef`.
    let url: String
    /// Each node's PostgreSQL `host:port` and its Patroni's REST port, node1 first.
    let nodes: [(address: String, restPort: Int)]

    /// Starts a cluster: one node leads, the other streams from it.
    init() throws {
        let lines = try runScript("pg-patroni", ["start"]).split(separator: "\n").map(String.init)
        guard lines.count == 4, let hosts = lines[1].split(separator: "@").last?.split(separator: "/").first else {
            throw BenchmarkError("scripts/pg-patroni start printed \(lines)")
        }
        folder = lines[0]
        url = lines[1]
        let addresses = hosts.split(separator: ",").map(String.init)
        let restPorts = lines[2...3].compactMap { $0.split(separator: ":").last.flatMap { Int($0) } }
        guard addresses.count == 2, restPorts.count == 2 else {
            _ = try? runScript("pg-patroni", ["stop", lines[0]])
            throw BenchmarkError("scripts/pg-patroni start printed \(lines)")
        }
        nodes = [(addresses[0], restPorts[0]), (addresses[1], restPorts[1])]
    }

    /// Kills the leader's Patroni and postmaster (SIGKILL); returns the node's address and the
    /// moment of the kill (seconds since the epoch, taken by the script right after it).
    func killLeader() throws -> (address: String, moment: Double) {
        let words = try runScript("pg-patroni", ["kill-leader", folder]).split(whereSeparator: \.isWhitespace)
        guard words.count == 2, let moment = Double(words[1]) else {
            throw BenchmarkError("scripts/pg-patroni kill-leader printed \(words)")
        }
        return (String(words[0]), moment)
    }

    /// Stops everything and removes the folder.
    func stop() {
        _ = try? runScript("pg-patroni", ["stop", folder])
    }
}

/// The HTTP status `GET path` answers on 127.0.0.1:`port` (Patroni's REST API: 200 for
/// `/primary` on the leader), nil when nothing answers within 2 s.
func restStatus(port: Int, path: String) -> Int? {
    let socketHandle = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socketHandle >= 0 else { return nil }
    defer { close(socketHandle) }
    var timeout = timeval(tv_sec: 2, tv_usec: 0)
    setsockopt(socketHandle, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(socketHandle, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = UInt16(port).bigEndian
    let connected = withUnsafePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(socketHandle, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
        }
    }
    guard connected else { return nil }
    let request = Array("GET \(path) HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n".utf8)
    guard request.withUnsafeBytes({ send(socketHandle, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == request.count else {
        return nil
    }
    // The whole answer is read: a client that closed early would make Patroni log a broken pipe.
    var answer: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let received = buffer.withUnsafeMutableBytes { recv(socketHandle, $0.baseAddress, $0.count, 0) }
        guard received > 0 else { break }
        answer.append(contentsOf: buffer[..<received])
    }
    let statusLine = answer.prefix { $0 != UInt8(ascii: "\r") }.split(separator: UInt8(ascii: " "))
    guard statusLine.count >= 2 else { return nil }
    return Int(String(decoding: statusLine[1], as: UTF8.self))
}
