/// A grid as a screen draws it: the rows on screen read before the frame (``prepare(_:in:)``),
/// with the picture of the cursor column on the area's last line when the grid shows one (`zp`),
/// then drawn without reading (``render(in:into:theme:filtered:)``). The main screen's grid and
/// the screens of a grid of their own (results, frequency, summary) draw through it.
struct GridPane {
    /// What the area shows.
    enum Content {
        /// Nothing to draw there (nothing prepared yet; or the main screen with no grid).
        case none
        /// The rows and columns of a grid on screen.
        case grid(GridViewport)
        /// A grid whose rows could not be read: why.
        case failed(String)
    }

    /// What the area shows: the grid's rows, why they could not be read, or nothing yet.
    var content = Content.none
    /// The picture of the grid's cursor column on the area's last line (`zp`), if on.
    var picture: ColumnPicture?

    /// Reads the rows of `grid` to draw in `area`, and the picture of its cursor column when it
    /// shows one. Returns the error when the rows could not be read (drawn as the reason, and
    /// said in the status bar).
    mutating func prepare(_ grid: GridModel, in area: Rect) -> (any Error)? {
        let pictured = grid.showsPicture && area.height >= 3
        picture = nil
        do {
            let viewport = try grid.viewport(for: pictured ? area.splitBottom(1).rest : area)
            content = .grid(viewport)
            guard pictured, viewport.columns.indices.contains(viewport.cursorColumn) else {
                return nil
            }
            let column = viewport.cursorColumn
            let values = viewport.rows.map { $0.indices.contains(column) ? $0[column] : .null }
            picture = ColumnPicture(name: viewport.columns[column].name, values: values, firstRow: viewport.firstRow)
            return nil
        } catch {
            content = .failed(UserMessage.describe(error))
            return error
        }
    }

    /// Draws the prepared rows (or why there are none) in `area`; an empty grid says whether it is
    /// empty or its filter keeps nothing (`filtered`). Draws nothing before the first prepare.
    func render(in area: Rect, into buffer: inout ScreenBuffer, theme: Theme, filtered: Bool) {
        switch content {
        case .none:
            break
        case .grid(let viewport):
            var area = area
            if let picture {
                let (rest, line) = area.splitBottom(1)
                picture.render(in: line, into: &buffer, theme: theme)
                area = rest
            }
            GridWidget.render(viewport, in: area, into: &buffer, theme: theme)
            if viewport.rows.isEmpty {
                let text = filtered ? "(no rows match the filter)" : "(no rows)"
                buffer.put(text, x: area.x + 1, y: area.y + 1, style: theme[.null], maxWidth: area.width - 1)
            }
        case .failed(let reason):
            buffer.put(reason, x: area.x, y: area.y, style: theme[.statusError], maxWidth: area.width)
        }
    }
}
