/// How many values of a column SQLite stores as each of its storage classes (NULLs aside).
struct StorageClasses: Sendable, Equatable {
    /// Values stored as integers.
    var integer = 0
    /// Values stored as reals.
    var real = 0
    /// Values stored as text.
    var text = 0
    /// Values stored as BLOBs.
    var blob = 0

    /// The numbers: integers and reals.
    var numbers: Int {
        integer + real
    }

    /// The classes seen, most values first (ties in SQLite's order): `integer`, `text+integer`;
    /// empty when there are none.
    var description: String {
        let classes = [("integer", integer), ("real", real), ("text", text), ("blob", blob)]
        return classes.enumerated().filter { $0.element.1 > 0 }
            .sorted { ($0.element.1, -$0.offset) > ($1.element.1, -$1.offset) }
            .map(\.element.0).joined(separator: "+")
    }
}
