#if canImport(Glibc)
    import Glibc
#endif

/// Formats `arguments` with a C `printf` format, as SQLite formats numbers (`%.15g`), without
/// Foundation's `String(format:)`.
///
/// ```swift
/// cFormat("%.15g", 0.1 + 0.2)   // "0.3"
/// cFormat("%.1f", 2.25)         // "2.2"
/// ```
func cFormat(_ format: String, _ arguments: CVarArg...) -> String {
    var capacity = 64
    while true {
        var buffer = [CChar](repeating: 0, count: capacity)
        let needed = Int(withVaList(arguments) { vsnprintf(&buffer, buffer.count, format, $0) })
        guard needed >= 0 else {
            return ""
        }
        if needed < capacity {
            return String(decoding: buffer.prefix(needed).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        capacity = needed + 1
    }
}
