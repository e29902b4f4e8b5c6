#if canImport(Glibc)
    import Glibc
#endif

/// Compares texts as the C library's collation of a locale does (`strcoll_l` under
/// `newlocale(LC_COLLATE_MASK, name)`), the order PostgreSQL gives a database whose collation is
/// that glibc locale (`en_US.UTF-8`: `apple`, `Banana`, `cherry`). Two texts the locale finds
/// equal are then ordered byte by byte, as the server breaks such ties.
///
/// ```swift
/// let collator = LocaleCollator(locale: "en_US.UTF-8")   // nil when the locale is not installed
/// ```
final class LocaleCollator: @unchecked Sendable {
    // The locale is only read after it is made (strcoll_l keeps no state), on any thread.
    private let locale: locale_t

    /// The collation of `locale`, nil when this machine has no such locale (`locale -a`).
    init?(locale name: String) {
        guard let made = newlocale(LC_COLLATE_MASK, name, nil) else {
            return nil
        }
        locale = made
    }

    deinit {
        freelocale(locale)
    }

    /// Negative when `left` comes before `right`, zero when their bytes are equal, positive
    /// otherwise.
    func compare(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Int {
        let order = withCString(left) { a in withCString(right) { b in Int(strcoll_l(a, b, locale)) } }
        return order != 0 ? order : Self.compareBytes(left, right)
    }

    /// `body` with `bytes` ended by a NUL (a text holds none), made on the stack.
    private func withCString<Result>(_ bytes: UnsafeRawBufferPointer, _ body: (UnsafePointer<CChar>) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { buffer in
            for index in 0..<bytes.count {
                buffer[index] = CChar(bitPattern: bytes[index])
            }
            buffer[bytes.count] = 0
            guard let start = buffer.baseAddress else { return body("") }
            return body(start)
        }
    }

    private static func compareBytes(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Int {
        for index in 0..<min(left.count, right.count) where left[index] != right[index] {
            return left[index] < right[index] ? -1 : 1
        }
        return left.count - right.count
    }
}
