/// What the next frame of the main screen shows that has to be read first: the rows of the
/// selected table's grid on screen (a ``ScreenController`` prepares its own). ``App/prepareFrame()``
/// makes it after each key and tick, and ``App/render(_:)`` only draws it, so drawing neither
/// reads the database nor changes state.
struct PreparedFrame {
    /// The screen size it was made for (none yet: 0 by 0).
    var columns = 0, rows = 0
    /// The main screen's grid as it is to be drawn (nothing when no table is shown).
    var grid = GridPane()
}
