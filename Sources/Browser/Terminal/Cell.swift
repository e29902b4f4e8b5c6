/// One column of the screen: a grapheme cluster and its style.
///
/// A cluster wider than one column lives in its first cell; the cells it covers to the right are
/// continuation cells, which draw nothing and exist so that every row has exactly `width` cells.
struct Cell: Hashable, Sendable {
    /// The grapheme cluster shown here (sanitised, printable); empty for a continuation cell.
    var symbol: String
    /// How the cell is drawn.
    var style: Style
    /// Whether this cell is covered by the wide cluster of a cell to its left.
    var isContinuation: Bool

    /// A blank cell: a space in `style`.
    static func blank(_ style: Style = .plain) -> Cell {
        Cell(symbol: " ", style: style, isContinuation: false)
    }

    /// A continuation cell in `style`.
    static func continuation(_ style: Style) -> Cell {
        Cell(symbol: "", style: style, isContinuation: true)
    }

    /// The columns this cell's symbol occupies (0 for a continuation cell).
    var width: Int {
        isContinuation ? 0 : TextWidth.of(symbol)
    }
}
