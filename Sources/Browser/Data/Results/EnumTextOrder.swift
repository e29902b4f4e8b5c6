import ORMCore

/// The order of a PostgreSQL enum's labels kept as text in reef's copy of a statement's results
/// (``ResultStore``): the order the type declares (`CREATE TYPE status AS ENUM ('new', 'paid',
/// 'shipped')`: `new` first), as the server sorts them, where SQLite would sort them
/// alphabetically. A text that is not a label (a filter's typo) comes after every label, byte by
/// byte.
///
/// Each enum column of a store has its own collation (`reef_enum_2` for column 2), made from the
/// labels the server gave when the statement ran (``ORMCore/StatementColumn/enumLabels``).
struct EnumTextOrder: Sendable {
    /// The collation's name for the store's column `index`.
    static func name(column index: Int) -> String {
        "reef_enum_\(index)"
    }

    /// Each label's place, by its bytes.
    private let ranks: [[UInt8]: Int]

    /// The order of `labels`, first to last.
    init(labels: [String]) {
        var ranks: [[UInt8]: Int] = [:]
        for (rank, label) in labels.enumerated() where ranks[Array(label.utf8)] == nil {
            ranks[Array(label.utf8)] = rank
        }
        self.ranks = ranks
    }

    /// The collation of the store's column `index`.
    func collation(column index: Int) -> SQLCollation {
        SQLCollation(Self.name(column: index)) { compare($0, $1) }
    }

    /// Negative when `left` comes before `right`, zero when they are equal, positive otherwise.
    func compare(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Int {
        StoreTextOrders.compare(left, right, read: { ranks[Array($0)] }) { $0 - $1 }
    }
}
