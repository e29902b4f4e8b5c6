import ORMCore

/// The order of PostgreSQL's `inet` and `cidr` values kept as text in reef's copy of a
/// statement's results (``ResultStore``): as the server orders them, where SQLite would order the
/// texts byte by byte (`10.0.0.10` before `10.0.0.2`).
///
/// PostgreSQL's order (`network_cmp`): IPv4 before IPv6; then the addresses' bits over the
/// shorter of the two prefixes; then the shorter prefix first; then the whole addresses. A text
/// that is not an address comes after every address, byte by byte.
enum InetTextOrder {
    /// The collation's name, as store columns declare it.
    static let name = "reef_inet"

    /// The collation, registered on the store's connections.
    static let collation = SQLCollation(name) { compare($0, $1) }

    /// Negative when `left` comes before `right`, zero when they are equal, positive otherwise.
    static func compare(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Int {
        StoreTextOrders.compare(left, right, read: Address.init) { $0.compare($1) }
    }

    /// An address read from its text: its family, its 16 bytes (an IPv4 address in the first
    /// four) and its prefix length.
    struct Address {
        private(set) var isIPv6 = false
        private(set) var bytes: (UInt64, UInt64) = (0, 0)
        private(set) var bits = 0

        /// PostgreSQL's `network_cmp`.
        func compare(_ other: Address) -> Int {
            if isIPv6 != other.isIPv6 {
                return isIPv6 ? 1 : -1
            }
            let common = Self.compareBits(bytes, other.bytes, count: min(bits, other.bits))
            if common != 0 { return common }
            if bits != other.bits { return bits < other.bits ? -1 : 1 }
            return Self.compareBits(bytes, other.bytes, count: isIPv6 ? 128 : 32)
        }

        /// The first `count` bits of two addresses compared.
        private static func compareBits(_ a: (UInt64, UInt64), _ b: (UInt64, UInt64), count: Int) -> Int {
            func masked(_ word: UInt64, keeping bits: Int) -> UInt64 {
                bits >= 64 ? word : (bits <= 0 ? 0 : word & ~(UInt64.max >> UInt64(bits)))
            }
            let high = (masked(a.0, keeping: count), masked(b.0, keeping: count))
            if high.0 != high.1 { return high.0 < high.1 ? -1 : 1 }
            let low = (masked(a.1, keeping: count - 64), masked(b.1, keeping: count - 64))
            return low.0 == low.1 ? 0 : (low.0 < low.1 ? -1 : 1)
        }

        /// The address `text` writes (`10.0.0.2`, `10.0.0.0/8`, `::1`, `2001:db8::/32`,
        /// `::ffff:1.2.3.4`), or nil.
        init?(_ text: UnsafeRawBufferPointer) {
            var end = text.count
            var prefix: Int?
            if let slash = (0..<text.count).first(where: { text[$0] == UInt8(ascii: "/") }) {
                guard let bits = Self.decimal(UnsafeRawBufferPointer(rebasing: text[(slash + 1)...]), limit: 128) else { return nil }
                prefix = bits
                end = slash
            }
            let address = UnsafeRawBufferPointer(rebasing: text[..<end])
            if address.contains(UInt8(ascii: ":")) {
                guard let words = Self.ipv6(address) else { return nil }
                isIPv6 = true
                bytes = words
                bits = prefix ?? 128
            } else {
                guard let value = Self.ipv4(address), (prefix ?? 32) <= 32 else { return nil }
                bytes = (UInt64(value) << 32, 0)
                bits = prefix ?? 32
            }
        }

        /// A decimal number up to `limit` with at most three digits, or nil.
        private static func decimal(_ text: UnsafeRawBufferPointer, limit: Int) -> Int? {
            guard !text.isEmpty, text.count <= 3 else { return nil }
            var value = 0
            for byte in text {
                guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value <= limit ? value : nil
        }

        /// A dotted IPv4 address of four parts, or nil.
        private static func ipv4(_ text: UnsafeRawBufferPointer) -> UInt32? {
            var value: UInt32 = 0
            var parts = 0
            var start = 0
            for index in 0...text.count where index == text.count || text[index] == UInt8(ascii: ".") {
                guard let part = decimal(UnsafeRawBufferPointer(rebasing: text[start..<index]), limit: 255) else { return nil }
                value = value << 8 | UInt32(part)
                parts += 1
                start = index + 1
            }
            return parts == 4 ? value : nil
        }

        /// An IPv6 address (groups of hex digits, one `::`, an IPv4 address as its last 32 bits),
        /// as two 64-bit words, or nil.
        private static func ipv6(_ text: UnsafeRawBufferPointer) -> (UInt64, UInt64)? {
            var head: [UInt16] = []
            var tail: [UInt16] = []
            var sawGap = false
            var index = 0
            if text.count >= 2, text[0] == UInt8(ascii: ":"), text[1] == UInt8(ascii: ":") {
                sawGap = true
                index = 2
            }
            while index < text.count {
                var end = index
                while end < text.count, text[end] != UInt8(ascii: ":") { end += 1 }
                let group = UnsafeRawBufferPointer(rebasing: text[index..<end])
                if end == text.count, group.contains(UInt8(ascii: ".")) {
                    guard let value = ipv4(group) else { return nil }
                    let halves = [UInt16(value >> 16), UInt16(value & 0xFFFF)]
                    if sawGap { tail += halves } else { head += halves }
                } else {
                    guard !group.isEmpty, group.count <= 4, let value = UInt16(String(decoding: group, as: UTF8.self), radix: 16) else {
                        return nil
                    }
                    if sawGap { tail.append(value) } else { head.append(value) }
                }
                index = end
                if index < text.count {
                    index += 1  // the colon
                    if index < text.count, text[index] == UInt8(ascii: ":") {
                        guard !sawGap else { return nil }
                        sawGap = true
                        index += 1
                    } else if index == text.count {
                        return nil  // a colon ending the address
                    }
                }
            }
            let count = head.count + tail.count
            guard sawGap ? count < 8 : count == 8 else { return nil }
            let groups = head + Array(repeating: 0, count: 8 - count) + tail
            let high = groups[0..<4].reduce(UInt64(0)) { $0 << 16 | UInt64($1) }
            let low = groups[4..<8].reduce(UInt64(0)) { $0 << 16 | UInt64($1) }
            return (high, low)
        }
    }
}
