import FoundationEssentials
import ORMCore

extension GridValue {
    /// How many bytes of a BLOB a grid value keeps: the grid shows 8, the record view all of them.
    static let keptBlobBytes = 64
    /// How many bytes of text a grid value keeps: more than the widest column shows (500).
    static let keptTextBytes = 1_024
    /// How many bytes of text and blobs the record view reads (a row at a time).
    static let recordTextBytes = 16_384

    /// The grid value for a database value; a BLOB keeps its size and only its first bytes, and
    /// text longer than `textLimit` bytes only its first characters.
    init(_ value: SQLValue, textLimit: Int = keptTextBytes) {
        switch value {
        case .null:
            self = .null
        case .integer(let integer):
            self = .integer(integer)
        case .real(let real):
            self = .real(real)
        case .text(let text):
            let count = text.utf8.count
            guard count > textLimit else {
                self = .text(text)
                return
            }
            let utf8 = text.utf8
            var end = utf8.index(utf8.startIndex, offsetBy: max(0, textLimit))
            while end > utf8.startIndex && utf8[end] & 0xC0 == 0x80 {
                end = utf8.index(before: end)  // not inside a character
            }
            self = .longText(prefix: String(decoding: utf8[..<end], as: UTF8.self), byteCount: count)
        case .blob(let data):
            self = .blob(byteCount: data.count, prefix: Array(data.prefix(Self.keptBlobBytes)))
        }
    }

    /// The grid value for a value a query cut to a prefix (its full size in bytes given), or for
    /// a whole one (`fullSize` nil).
    init(_ value: SQLValue, fullSize: Int?) {
        switch (value, fullSize) {
        case (.text(let prefix), let size?):
            self = .longText(prefix: prefix, byteCount: size)
        case (.blob(let data), let size?):
            self = .blob(byteCount: size, prefix: Array(data.prefix(Self.keptBlobBytes)))
        default:
            self.init(value, textLimit: Int.max)  // whole, as read
        }
    }
}

extension GridValue {
    /// The database value this grid value came from; nil for a value of which only a prefix was kept.
    var sqlValue: SQLValue? {
        switch self {
        case .null: .null
        case .integer(let integer): .integer(integer)
        case .real(let real): .real(real)
        case .text(let text), .decimal(let text): .text(text)
        case .longText: nil
        case .blob(let byteCount, let prefix): byteCount == prefix.count ? .blob(Data(prefix)) : nil
        }
    }
}
