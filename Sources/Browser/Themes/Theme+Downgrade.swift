extension Theme {
    /// This theme for a terminal that shows `colors` colours (ncurses' `COLORS`).
    ///
    /// 24-bit colours become the nearest of the 256-colour palette, then of the 16 ANSI colours,
    /// then of the 8 basic ones. Below 8 colours the result is ``monochrome``: a theme that tells
    /// the cursor apart by colour alone would lose the cursor.
    func downgraded(toColors colors: Int) -> Theme {
        if colors < 8 {
            return .monochrome
        }
        var result = self
        for element in ThemeElement.allCases {
            let style = self[element]
            result[element] = Style(
                foreground: style.foreground.downgraded(toColors: colors),
                background: style.background.downgraded(toColors: colors),
                attributes: style.attributes
            )
        }
        return result
    }
}

extension Color {
    /// The nearest colour a terminal with `colors` colours can show.
    func downgraded(toColors colors: Int) -> Color {
        if colors >= 1 << 24 {
            return self
        }
        switch self {
        case .default:
            return self
        case .rgb(let red, let green, let blue):
            if colors >= 256 {
                return .indexed(ColorPalette.nearestIndex(red, green, blue))
            }
            return Color.ansi(ColorPalette.nearestANSI(red, green, blue)).downgraded(toColors: colors)
        case .indexed(let index):
            if colors >= 256 {
                return self
            }
            if index < 16 {
                return Color.ansi(index).downgraded(toColors: colors)
            }
            let (red, green, blue) = ColorPalette.rgb(ofIndex: index)
            return Color.ansi(ColorPalette.nearestANSI(red, green, blue)).downgraded(toColors: colors)
        case .ansi(let index):
            return colors >= 16 || index < 8 ? self : .ansi(index % 8)
        }
    }
}
