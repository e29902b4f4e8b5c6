/// The side list of tables: a title per row with a right-aligned count, or while the count is
/// unknown the database's estimate (`~N`) or a spinner frame.
///
/// ```
/// albums      347
/// artists     275
/// tracks        ⠹
/// events ~999,870
/// ```
struct ListWidget: Sendable {
    /// The spinner animation frames (one column wide each).
    static let spinnerFrames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// The spinner's picture at `frame` (any integer: the frames go round).
    static func spinner(at frame: Int) -> String {
        spinnerFrames[((frame % spinnerFrames.count) + spinnerFrames.count) % spinnerFrames.count]
    }

    /// The entries.
    var items: [ListItem]
    /// The highlighted entry, if any.
    var selected: Int?
    /// The index of the first entry shown (scroll position).
    var firstVisible: Int
    /// Which spinner frame to show for unknown counts (any integer, taken modulo the frame count).
    var spinnerFrame: Int

    /// Creates a list.
    init(items: [ListItem], selected: Int? = nil, firstVisible: Int = 0, spinnerFrame: Int = 0) {
        self.items = items
        self.selected = selected
        self.firstVisible = firstVisible
        self.spinnerFrame = spinnerFrame
    }

    /// The scroll position that keeps `selected` visible in `height` rows, moving as little as
    /// possible from `firstVisible`, and never leaving rows empty below the last of `count`
    /// entries while entries above are hidden (a list that grew taller scrolls back).
    static func firstVisible(keeping selected: Int, visibleFrom firstVisible: Int, height: Int, count: Int) -> Int {
        guard height > 0 else {
            return max(0, selected)
        }
        let scrolled: Int
        if selected < firstVisible {
            scrolled = selected
        } else if selected >= firstVisible + height {
            scrolled = selected - height + 1
        } else {
            scrolled = firstVisible
        }
        return max(0, min(scrolled, count - height))
    }

    /// The item's title in `width` columns with its mark after it: a long title is cut (`…`)
    /// before the mark, so a view stays marked; the mark alone goes only when nothing else fits.
    static func title(of item: ListItem, width: Int) -> String {
        let title = Sanitizer.sanitize(item.title)
        guard !item.mark.isEmpty else {
            return TextLayout.truncate(title, toWidth: width)
        }
        let markWidth = 1 + TextWidth.of(item.mark)
        guard width > markWidth else {
            return TextLayout.truncate(title, toWidth: width)
        }
        return TextLayout.truncate(title, toWidth: width - markWidth) + " " + item.mark
    }

    /// A count with thousands separators: `1,234,567`.
    static func formatCount(_ count: Int) -> String {
        let digits = String(count.magnitude)
        var grouped = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0 && (digits.utf8.count - offset) % 3 == 0 {
                grouped += ","
            }
            grouped.append(digit)
        }
        return (count < 0 ? "-" : "") + grouped
    }

    /// Draws the visible entries into `area`.
    func render(in area: Rect, into buffer: inout ScreenBuffer, theme: Theme) {
        let area = area.intersection(buffer.area)
        guard !area.isEmpty else {
            return
        }
        buffer.fill(area, style: theme[.sidebar])
        let start = max(0, firstVisible)
        for row in 0..<area.height {
            let index = start + row
            guard index < items.count else {
                break
            }
            let y = area.y + row
            let isSelected = index == selected
            let overlay = isSelected ? theme[.sidebarSelected] : .plain
            if isSelected {
                buffer.fill(Rect(x: area.x, y: y, width: area.width, height: 1), style: theme[.sidebar].patched(with: overlay))
            }
            let item = items[index]
            let count = item.count.map(Self.formatCount) ?? (item.countFailed ? "?" :
                item.estimate.map { "~" + Self.formatCount($0) } ?? (!item.isCounted ? "" :
                Self.spinner(at: spinnerFrame)))
            let countWidth = TextWidth.of(count)
            let titleWidth = area.width - countWidth - 1
            let style = theme[.sidebar].patched(with: overlay)
            if titleWidth >= 1 {
                buffer.put(Self.title(of: item, width: titleWidth), x: area.x, y: y, style: style, maxWidth: titleWidth)
                buffer.put(count, x: area.right - countWidth, y: y, style: theme[.sidebarCount].patched(with: overlay))
            } else {
                buffer.put(Self.title(of: item, width: area.width), x: area.x, y: y, style: style, maxWidth: area.width)
            }
        }
    }
}
