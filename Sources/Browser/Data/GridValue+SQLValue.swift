import FoundationEssentials
import ORMCore

extension GridValue {
    /// How many bytes of a BLOB a grid value keeps: the grid shows 8, the record view all of them.
    static let keptBlobBytes = 64

    /// The grid value for a database value; a BLOB keeps its size and only its first bytes.
    init(_ value: SQLValue) {
        switch value {
        case .null:
            self = .null
        case .integer(let integer):
            self = .integer(integer)
        case .real(let real):
            self = .real(real)
        case .text(let text):
            self = .text(text)
        case .blob(let data):
            self = .blob(byteCount: data.count, prefix: Array(data.prefix(Self.keptBlobBytes)))
        }
    }
}

extension GridValue {
    /// The database value this grid value came from; nil for a BLOB of which only a prefix was kept.
    var sqlValue: SQLValue? {
        switch self {
        case .null: .null
        case .integer(let integer): .integer(integer)
        case .real(let real): .real(real)
        case .text(let text): .text(text)
        case .blob(let byteCount, let prefix): byteCount == prefix.count ? .blob(Data(prefix)) : nil
        }
    }
}
