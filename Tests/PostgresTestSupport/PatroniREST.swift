import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Asks a Patroni node's REST API on 127.0.0.1 (plain HTTP/1.0 over a socket: Foundation's URL
/// loading is not linked by the tests, and a request is two lines).
enum PatroniREST {
    /// The HTTP status `GET path` answers on 127.0.0.1:`port` (200 for `/primary` on the leader,
    /// 503 on the others), nil when nothing answers within 2 s.
    static func status(port: Int, path: String) -> Int? {
        let socketHandle = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketHandle >= 0 else {
            return nil
        }
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
        guard connected else {
            return nil
        }
        let request = Array("GET \(path) HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n".utf8)
        guard request.withUnsafeBytes({ send(socketHandle, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == request.count else {
            return nil
        }
        // The whole answer is read (it is small, and the server closes after it): a client that
        // closed early would make Patroni log a broken pipe.
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let received = buffer.withUnsafeMutableBytes { recv(socketHandle, $0.baseAddress, $0.count, 0) }
            guard received > 0 else {
                break
            }
            answer.append(contentsOf: buffer[..<received])
        }
        // "HTTP/1.0 200 OK"
        let statusLine = answer.prefix { $0 != UInt8(ascii: "\r") }.split(separator: UInt8(ascii: " "))
        guard statusLine.count >= 2 else {
            return nil
        }
        return Int(String(decoding: statusLine[1], as: UTF8.self))
    }
}
