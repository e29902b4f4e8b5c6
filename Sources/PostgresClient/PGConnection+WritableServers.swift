import CLibPQ

// Which servers a connection that must take writes tried, for the error that says none did.

extension PGConnection {
    /// The servers `handle` (a connection that failed) tried, as `host:port` in the order listed,
    /// when it had to reach one that takes writes (`target_session_attrs` `read-write` or
    /// `primary`, from the string, the settings or `PGTARGETSESSIONATTRS`); nil when any server
    /// would have done. Read from libpq's own view of the connection (`PQconninfo`), so hosts and
    /// ports from the environment count too.
    static func serversTriedForWrites(_ handle: OpaquePointer) -> [String]? {
        guard let options = PQconninfo(handle) else {
            return nil
        }
        defer { PQconninfoFree(options) }
        let found = values(of: options)
        guard let attributes = found["target_session_attrs"], attributes == "read-write" || attributes == "primary" else {
            return nil
        }
        return listedServers(host: found["host"] ?? "", hostaddr: found["hostaddr"] ?? "", port: found["port"] ?? "")
    }

    /// The servers libpq's `host`, `hostaddr` and `port` lists name, as `host:port`: one port for
    /// every host when only one is given, an empty entry the default (`5432`, a host of
    /// `localhost`), an address where the host is empty.
    ///
    /// ```swift
    /// PGConnection.listedServers(host: "db1,db2", hostaddr: "", port: "5432,5433")  // ["db1:5432", "db2:5433"]
    /// ```
    public static func listedServers(host: String, hostaddr: String, port: String) -> [String] {
        func entries(_ list: String) -> [String] {
            list.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        let hosts = entries(host)
        let addresses = entries(hostaddr)
        let ports = entries(port)
        let count = max(host.isEmpty ? 0 : hosts.count, hostaddr.isEmpty ? 0 : addresses.count, 1)
        return (0..<count).map { index in
            let named = index < hosts.count ? hosts[index] : ""
            let address = index < addresses.count ? addresses[index] : ""
            let place = !named.isEmpty ? named : !address.isEmpty ? address : "localhost"
            let given = ports.count == 1 ? ports[0] : index < ports.count ? ports[index] : ""
            return place + ":" + (given.isEmpty ? "5432" : given)
        }
    }
}
