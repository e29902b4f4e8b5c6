import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A TCP proxy on 127.0.0.1 in front of a PostgreSQL server that can lose the next `COMMIT` on
/// purpose, deterministically: before the server sees it (the transaction never commits), or
/// after the server answered it (the transaction committed, but the client never hears so). Each
/// cut closes both sides of that connection, as a primary that died would; later connections pass
/// through untouched.
///
/// It also counts what clients send, read by read (``clientReads``): statements sent one round trip
/// each take a read each, statements pipelined take a few reads for all.
///
/// ```swift
/// let proxy = try CommitCuttingProxy(forwardingTo: server.port)
/// proxy.cutNextCommit(.afterTheServerAnswers)
/// let database = try Database(url: "postgres://reef:…@127.0.0.1:\(proxy.port)/db")
/// ```
public final class CommitCuttingProxy: Sendable {
    /// Where the next `COMMIT` is lost.
    public enum Cut: Sendable {
        /// The `COMMIT` never reaches the server.
        case beforeTheServerSeesIt
        /// The server commits and answers; the answer is dropped.
        case afterTheServerAnswers
    }

    /// The port clients connect to.
    public let port: Int
    private let target: Int
    private let listener: Int32
    private let armed = Mutex<Cut?>(nil)
    /// How many cuts were made.
    private let cuts = Atomic<Int>(0)
    /// How many reads brought data from clients.
    private let reads = Atomic<Int>(0)

    /// Starts listening on a free port, forwarding to `targetPort` on 127.0.0.1.
    public init(forwardingTo targetPort: Int) throws {
        target = targetPort
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw ServerError("no socket: \(String(cString: strerror(errno)))") }
        self.listener = listener
        var address = Self.loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(listener, address, length) == 0 && listen(listener, 16) == 0
                    && getsockname(listener, address, &length) == 0
            }
        }
        guard listening else { throw ServerError("the proxy could not listen: \(String(cString: strerror(errno)))") }
        port = Int(UInt16(bigEndian: address.sin_port))
        let this = self
        Thread.detachNewThread { this.acceptLoop() }
    }

    deinit {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    /// Loses the next `COMMIT` that passes, as `cut` says.
    public func cutNextCommit(_ cut: Cut) {
        armed.withLock { $0 = cut }
    }

    /// How many `COMMIT`s were lost so far.
    public var cutCount: Int { cuts.load(ordering: .sequentiallyConsistent) }

    /// How many times, so far, the proxy read data a client sent (on any of its connections). A
    /// client that waits for each answer before it sends the next statement takes at least one
    /// read a statement.
    public var clientReads: Int { reads.load(ordering: .sequentiallyConsistent) }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = Self.loopback(port: target)
            let connected = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(server, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                }
            }
            guard connected else {
                close(client)
                close(server)
                continue
            }
            let pair = Pair(client: client, server: server)
            let this = self
            Thread.detachNewThread { this.forwardClient(pair) }
            Thread.detachNewThread { this.forwardServer(pair) }
        }
    }

    /// One client's connection through the proxy: its two sockets, closed once both directions
    /// stopped, and whether the server's next answer is to be dropped.
    private final class Pair: Sendable {
        let client: Int32
        let server: Int32
        let dropsAnswer = Atomic<Bool>(false)
        private let stopped = Atomic<Int>(0)

        init(client: Int32, server: Int32) {
            self.client = client
            self.server = server
        }

        /// Ends both directions; the second caller closes the sockets.
        func stop() {
            shutdown(client, Int32(SHUT_RDWR))
            shutdown(server, Int32(SHUT_RDWR))
            if stopped.add(1, ordering: .sequentiallyConsistent).newValue == 2 {
                close(client)
                close(server)
            }
        }
    }

    /// Client to server; a chunk holding `COMMIT` while a cut is armed is cut there.
    private func forwardClient(_ pair: Pair) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let commit = Array("COMMIT\0".utf8)
        while true {
            let count = read(pair.client, &buffer, buffer.count)
            guard count > 0 else { break }
            reads.add(1, ordering: .sequentiallyConsistent)
            if Self.contains(buffer[0..<count], commit), let cut = armed.withLock({ state -> Cut? in
                defer { state = nil }
                return state
            }) {
                cuts.add(1, ordering: .sequentiallyConsistent)
                guard cut == .afterTheServerAnswers else { break }
                // The server commits and answers; the other direction drops the answer and ends
                // the connection once it has it.
                pair.dropsAnswer.store(true, ordering: .sequentiallyConsistent)
                guard Self.send(buffer, count: count, to: pair.server) else { break }
                while read(pair.client, &buffer, buffer.count) > 0 {}
                break
            }
            guard Self.send(buffer, count: count, to: pair.server) else { break }
        }
        pair.stop()
    }

    /// Server to client, until a dropped answer ends the connection.
    private func forwardServer(_ pair: Pair) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(pair.server, &buffer, buffer.count)
            guard count > 0, !pair.dropsAnswer.load(ordering: .sequentiallyConsistent),
                  Self.send(buffer, count: count, to: pair.client)
            else {
                break
            }
        }
        pair.stop()
    }

    /// Writes the first `count` bytes of `buffer` to `socket`; false when it is closed. A peer
    /// that closed its end makes a plain `write` raise SIGPIPE, which ends the whole test process:
    /// `MSG_NOSIGNAL` makes it an error instead.
    private static func send(_ buffer: [UInt8], count: Int, to socket: Int32) -> Bool {
        var sent = 0
        while sent < count {
            let written = buffer.withUnsafeBytes { bytes in
                bytes.baseAddress.map { Glibc.send(socket, $0 + sent, count - sent, Int32(MSG_NOSIGNAL)) } ?? -1
            }
            guard written > 0 else { return false }
            sent += written
        }
        return true
    }

    private static func contains(_ chunk: ArraySlice<UInt8>, _ pattern: [UInt8]) -> Bool {
        guard chunk.count >= pattern.count else { return false }
        var index = chunk.startIndex
        while index <= chunk.endIndex - pattern.count {
            if chunk[index..<(index + pattern.count)].elementsEqual(pattern) { return true }
            index += 1
        }
        return false
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return address
    }
}
