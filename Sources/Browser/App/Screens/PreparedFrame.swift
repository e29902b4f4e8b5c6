/// What the next frame shows that has to be read or laid out first: the rows of the grid on
/// screen, the record view's lines. ``App/prepareFrame()`` makes it after each key and tick, and
/// ``App/render(_:)`` only draws it, so drawing neither reads the database nor changes state.
struct PreparedFrame {
    /// The content area's grid as it is to be drawn.
    enum Content {
        /// Nothing to draw there (a text screen, help; or the main screen with no grid).
        case none
        /// The rows and columns of a grid on screen.
        case grid(GridViewport)
        /// A grid whose rows could not be read: why.
        case failed(String)
        /// The record view: its title and lines.
        case record(title: String, view: TextView)
    }

    /// The screen size it was made for (none yet: 0 by 0).
    var columns = 0, rows = 0
    /// What the content area shows.
    var content = Content.none
    /// The picture of the grid's cursor column drawn on the content area's last line (`zp`), if on.
    var picture: ColumnPicture?
}
