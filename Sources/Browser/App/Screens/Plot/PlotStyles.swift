/// The styles a plot draws its series in: the foreground colours of eight theme elements that
/// differ in the built-in themes (numbers, strings, keywords…), over the theme's background. A
/// theme whose colours cannot tell them apart (monochrome) gets attributes instead (bold, plain,
/// dim, underline…), so the legend still says which dots are which.
enum PlotStyles {
    /// The theme elements whose foregrounds colour the series, in order.
    static let elements: [ThemeElement] = [.number, .sqlString, .sqlKeyword, .blob, .keyColumn, .sqlOperator, .headerSort, .inserted]
    /// The attributes that tell series apart where colours do not.
    static let attributes: [Attributes] = [.bold, [], .dim, .underline, .italic, [.bold, .underline], [.dim, .italic], .reverse]

    /// The style of series `index` of `count` in `theme` (the last of several being "other").
    static func style(series index: Int, of count: Int, theme: Theme) -> Style {
        let background = theme[.background]
        let colours = elements.map { theme[$0].foreground }
        let distinct = Set(colours.prefix(max(1, count))).count == min(max(1, count), colours.count)
        guard count > 1 else {
            return Style(foreground: colours[0], background: background.background)
        }
        if distinct {
            return Style(foreground: colours[index % colours.count], background: background.background)
        }
        return Style(foreground: background.foreground, background: background.background,
                     attributes: attributes[index % attributes.count])
    }
}
