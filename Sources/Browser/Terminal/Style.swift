/// How a cell is drawn: foreground and background colours plus text attributes.
///
/// ```swift
/// let header = Style(foreground: .ansi(4), attributes: .bold)
/// ```
struct Style: Hashable, Sendable {
    /// The text colour.
    var foreground: Color
    /// The cell background colour.
    var background: Color
    /// Bold, dim, italic, underline and reverse.
    var attributes: Attributes

    /// The terminal's default colours with no attributes.
    static let plain = Style()

    /// Creates a style; every part defaults to the terminal's default.
    init(foreground: Color = .default, background: Color = .default, attributes: Attributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// This style with `overlay` laid on top: the overlay's colours replace ours unless they are
    /// `.default`, and attributes are combined.
    ///
    /// Used to layer states, for example a NULL marker (italic grey) on the cursor row (blue
    /// background) keeps its grey italics and gains the blue background.
    func patched(with overlay: Style) -> Style {
        Style(
            foreground: overlay.foreground == .default ? foreground : overlay.foreground,
            background: overlay.background == .default ? background : overlay.background,
            attributes: attributes.union(overlay.attributes)
        )
    }
}
