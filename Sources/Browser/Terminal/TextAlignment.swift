/// Where text sits when it is narrower than its space.
enum TextAlignment: Sendable {
    /// Flush left (text).
    case left
    /// Flush right (numbers).
    case right
    /// Centred, extra column on the right.
    case center
}
