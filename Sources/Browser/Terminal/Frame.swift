/// The buffer one ``Terminal/draw(_:)`` call renders into, plus where the cursor should go.
struct Frame: Sendable {
    /// The new screen content; starts blank every frame (immediate mode).
    var buffer: ScreenBuffer
    /// Where to show the hardware cursor, or nil to hide it.
    var cursor: (x: Int, y: Int)?

    /// The whole screen.
    var area: Rect {
        buffer.area
    }
}
