import FoundationEssentials

extension SQLValue {
    /// The value, a text or blob longer than `limit` bytes cut to its first bytes (text at a
    /// character boundary, at most `limit` UTF-8 bytes), with the full size in bytes; the size is
    /// nil when the value is whole. What SQLite's column value does in place
    /// (`_ColumnValue.value(cutAt:)`), for a value already read whole (a server sends it so).
    package func cut(at limit: Int) -> (value: SQLValue, fullSize: Int?) {
        switch self {
        case .text(let text):
            let bytes = Array(text.utf8)
            guard bytes.count > limit else { return (self, nil) }
            var end = max(0, limit)
            while end > 0 && bytes[end] & 0xC0 == 0x80 { end -= 1 }  // not inside a character
            return (.text(String(decoding: bytes[..<end], as: UTF8.self)), bytes.count)
        case .blob(let data):
            guard data.count > limit else { return (self, nil) }
            return (.blob(Data(data.prefix(max(0, limit)))), data.count)
        default:
            return (self, nil)
        }
    }
}
