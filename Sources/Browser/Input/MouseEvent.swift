/// A mouse event at a screen cell.
struct MouseEvent: Hashable, Sendable {
    /// Which button, or a wheel step.
    enum Button: String, Hashable, Sendable {
        /// The left button.
        case left
        /// The right button.
        case right
        /// The middle button.
        case middle
        /// One wheel step up.
        case wheelUp
        /// One wheel step down.
        case wheelDown
    }

    /// The column, from 0.
    var x: Int
    /// The row, from 0.
    var y: Int
    /// The button pressed.
    var button: Button
}
