/// The one-line status bar: mode label, message, and right-aligned information.
///
/// ```
///  BROWSE  Saved 3 rows                      users 12/345
/// ```
///
/// The mode comes first; the message gets the remaining space, and the right-hand text is shown
/// only when at least ``minimumMessageWidth`` columns remain for the message, so an error is
/// never hidden by position information.
struct StatusBar: Sendable {
    /// The columns kept for the message before the right-hand text is dropped.
    static let minimumMessageWidth = 10

    /// The mode label (`BROWSE`, `EDIT`, `SEARCH`...), drawn as ` MODE `; empty for none.
    var mode: String
    /// The message: information or an error.
    var message: String
    /// Whether `message` is an error (styled `statusError`).
    var isError: Bool
    /// Right-aligned text such as the table name and row position.
    var right: String

    /// Creates a status bar.
    init(mode: String = "", message: String = "", isError: Bool = false, right: String = "") {
        self.mode = mode
        self.message = message
        self.isError = isError
        self.right = right
    }

    /// Draws the bar on the first row of `area`.
    func render(in area: Rect, into buffer: inout ScreenBuffer, theme: Theme) {
        let line = Rect(x: area.x, y: area.y, width: area.width, height: min(1, area.height)).intersection(buffer.area)
        guard !line.isEmpty else {
            return
        }
        buffer.fill(line, style: theme[.statusBar])
        var x = line.x
        let mode = Sanitizer.sanitize(self.mode)
        if !mode.isEmpty {
            x += buffer.put(" " + mode + " ", x: x, y: line.y, style: theme[.statusMode], maxWidth: line.width)
        }
        x += buffer.put(" ", x: x, y: line.y, style: theme[.statusBar], maxWidth: line.right - x)
        var available = line.right - x
        let right = Sanitizer.sanitize(self.right)
        let rightWidth = right.isEmpty ? 0 : TextWidth.of(right) + 1
        if rightWidth > 0 && available - rightWidth - 1 >= Self.minimumMessageWidth {
            buffer.put(right, x: line.right - rightWidth, y: line.y, style: theme[.statusBar], maxWidth: rightWidth)
            available -= rightWidth + 1
        }
        let text = TextLayout.truncate(Sanitizer.sanitize(message), toWidth: available)
        buffer.put(text, x: x, y: line.y, style: theme[isError ? .statusError : .statusMessage], maxWidth: available)
    }
}
