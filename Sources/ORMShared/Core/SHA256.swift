/// SHA-256 (FIPS 180-4), for checksums that must be the same on every machine and in every run
/// (Swift's `Hasher` is seeded per process), and for the keys that stand for long values
/// (``ValueKey``), hashed in pieces (``Hasher``).
package enum SHA256 {
    /// The digest of `bytes` as 64 lower-case hexadecimal digits.
    static func hexDigest(_ bytes: some Sequence<UInt8>) -> String {
        digest(Array(bytes)).map { byte in
            let digits = Array("0123456789abcdef".utf8)
            return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]], as: UTF8.self)
        }.joined()
    }

    /// The 32-byte digest of `message`.
    package static func digest(_ message: [UInt8]) -> [UInt8] {
        var hasher = Hasher()
        message.withUnsafeBytes { hasher.add($0) }
        return hasher.finish()
    }

    /// The digest of bytes that come in pieces: a 50 MB value hashed a chunk at a time holds
    /// 64 bytes of it, not the value.
    ///
    /// ```swift
    /// var hasher = SHA256.Hasher()
    /// chunk.withUnsafeBytes { hasher.add($0) }
    /// let digest = hasher.finish()
    /// ```
    package struct Hasher {
        /// The eight words of the hash so far.
        private var hash: [UInt32] = [
            0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
        ]
        /// The bytes of a block begun and not yet hashed (fewer than 64).
        private var pending: [UInt8] = []
        /// How many bytes were added.
        private var length: UInt64 = 0
        /// The message schedule, kept to be reused block after block.
        private var words = [UInt32](repeating: 0, count: 64)

        /// A hasher of no bytes yet.
        package init() {
            pending.reserveCapacity(64)
        }

        /// Takes the message's next bytes.
        package mutating func add(_ bytes: UnsafeRawBufferPointer) {
            length &+= UInt64(bytes.count)
            var rest = bytes[...]
            if !pending.isEmpty {
                let taken = rest.prefix(64 - pending.count)
                pending.append(contentsOf: taken)
                rest = rest.dropFirst(taken.count)
                guard pending.count == 64 else { return }
                let block = pending
                block.withUnsafeBytes { compress(blocks: $0) }
                pending.removeAll(keepingCapacity: true)
            }
            let whole = rest.count - rest.count % 64
            if whole > 0 {
                compress(blocks: UnsafeRawBufferPointer(rebasing: rest.prefix(whole)))
            }
            pending.append(contentsOf: rest.dropFirst(whole))
        }

        /// The 32-byte digest of the bytes added (the hasher is left as it was).
        package func finish() -> [UInt8] {
            var last = self
            let bitLength = length &* 8
            var tail = pending
            tail.append(0x80)
            while tail.count % 64 != 56 { tail.append(0) }
            for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
            tail.withUnsafeBytes { last.compress(blocks: $0) }
            return last.hash.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> UInt32(24 - $0 * 8)) } }
        }

        /// Hashes `blocks`, a whole number of 64-byte blocks.
        private mutating func compress(blocks: UnsafeRawBufferPointer) {
            var (h0, h1, h2, h3, h4, h5, h6, h7) = (hash[0], hash[1], hash[2], hash[3], hash[4], hash[5], hash[6], hash[7])
            words.withUnsafeMutableBufferPointer { words in
                SHA256.roundConstants.withUnsafeBufferPointer { constants in
                    for chunk in stride(from: 0, to: blocks.count, by: 64) {
                        for index in 0..<16 {
                            let offset = chunk + index * 4
                            words[index] =
                                UInt32(blocks[offset]) << 24 | UInt32(blocks[offset + 1]) << 16
                                | UInt32(blocks[offset + 2]) << 8 | UInt32(blocks[offset + 3])
                        }
                        for index in 16..<64 {
                            let w15 = words[index - 15]
                            let w2 = words[index - 2]
                            let s0 = w15.rotatedRight(7) ^ w15.rotatedRight(18) ^ (w15 >> 3)
                            let s1 = w2.rotatedRight(17) ^ w2.rotatedRight(19) ^ (w2 >> 10)
                            words[index] = words[index - 16] &+ s0 &+ words[index - 7] &+ s1
                        }
                        var (a, b, c, d, e, f, g, h) = (h0, h1, h2, h3, h4, h5, h6, h7)
                        for index in 0..<64 {
                            let s1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
                            let choice = (e & f) ^ (~e & g)
                            let t1 = h &+ s1 &+ choice &+ constants[index] &+ words[index]
                            let s0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
                            let majority = (a & b) ^ (a & c) ^ (b & c)
                            let t2 = s0 &+ majority
                            (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
                        }
                        (h0, h1, h2, h3) = (h0 &+ a, h1 &+ b, h2 &+ c, h3 &+ d)
                        (h4, h5, h6, h7) = (h4 &+ e, h5 &+ f, h6 &+ g, h7 &+ h)
                    }
                }
            }
            hash = [h0, h1, h2, h3, h4, h5, h6, h7]
        }
    }

    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]
}

extension UInt32 {
    fileprivate func rotatedRight(_ count: UInt32) -> UInt32 {
        (self >> count) | (self << (32 - count))
    }
}
