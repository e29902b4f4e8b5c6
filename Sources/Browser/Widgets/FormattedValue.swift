/// A grid value turned into display text, with the theme element and alignment it is shown in.
struct FormattedValue: Hashable, Sendable {
    /// Sanitised, single-line text.
    var text: String
    /// The theme element for the text (`null`, `blob`, `number` or `text`).
    var element: ThemeElement
    /// Where the text sits in its column.
    var alignment: TextAlignment
}
