/// One input event: a key press, a resize or a mouse event.
///
/// ``description`` gives the vim notation that ``KeyScript`` parses, so keys round-trip.
enum Key: Hashable, Sendable, CustomStringConvertible {
    /// A printable character, including space.
    case character(Character)
    /// Enter / Return.
    case enter
    /// Escape.
    case escape
    /// Tab.
    case tab
    /// Shift-Tab.
    case backTab
    /// Backspace.
    case backspace
    /// Forward delete.
    case delete
    /// Arrow up.
    case up
    /// Arrow down.
    case down
    /// Arrow left.
    case left
    /// Arrow right.
    case right
    /// Page up.
    case pageUp
    /// Page down.
    case pageDown
    /// Home.
    case home
    /// End.
    case end
    /// Shift with an arrow up (ncurses' `KEY_SR`): extends the SQL editor's selection.
    case shiftUp
    /// Shift with an arrow down (`KEY_SF`).
    case shiftDown
    /// Shift with an arrow left (`KEY_SLEFT`).
    case shiftLeft
    /// Shift with an arrow right (`KEY_SRIGHT`).
    case shiftRight
    /// Shift-Home (`KEY_SHOME`).
    case shiftHome
    /// Shift-End (`KEY_SEND`).
    case shiftEnd
    /// Insert.
    case insert
    /// A function key, F1 = 1.
    case function(Int)
    /// Control plus a letter, always stored lower-case: `<C-x>` is `.control("x")`.
    case control(Character)
    /// The terminal was resized.
    case resize
    /// A mouse click or wheel step.
    case mouse(MouseEvent)

    /// The key in vim notation: `a`, `<lt>`, `<Space>`, `<Enter>`, `<C-x>`, `<F5>`...
    var description: String {
        switch self {
        case .character(" "):
            return "<Space>"
        case .character("<"):
            return "<lt>"
        case .character(let character):
            return String(character)
        case .enter: return "<Enter>"
        case .escape: return "<Esc>"
        case .tab: return "<Tab>"
        case .backTab: return "<S-Tab>"
        case .backspace: return "<BS>"
        case .delete: return "<Del>"
        case .up: return "<Up>"
        case .down: return "<Down>"
        case .left: return "<Left>"
        case .right: return "<Right>"
        case .pageUp: return "<PgUp>"
        case .pageDown: return "<PgDn>"
        case .home: return "<Home>"
        case .end: return "<End>"
        case .shiftUp: return "<S-Up>"
        case .shiftDown: return "<S-Down>"
        case .shiftLeft: return "<S-Left>"
        case .shiftRight: return "<S-Right>"
        case .shiftHome: return "<S-Home>"
        case .shiftEnd: return "<S-End>"
        case .insert: return "<Insert>"
        case .function(let number): return "<F\(number)>"
        case .control(let letter): return "<C-\(letter)>"
        case .resize: return "<Resize>"
        case .mouse(let event): return "<Mouse:\(event.button) \(event.x),\(event.y)>"
        }
    }
}
