/// A title row: the text sanitised, cut to the row's width, in the theme's title style over the
/// background.
struct TitleLine {
    /// The title (sanitised when drawn).
    var text: String

    /// Draws the title into the first row of `area`.
    func render(in area: Rect, into buffer: inout ScreenBuffer, theme: Theme) {
        buffer.fill(area, style: theme[.background])
        buffer.put(TextLayout.truncate(Sanitizer.sanitize(text), toWidth: area.width), x: area.x, y: area.y,
                   style: theme[.title], maxWidth: area.width)
    }
}
