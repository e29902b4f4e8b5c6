/// A complete mapping from every ``ThemeElement`` to a ``Style``.
///
/// Themes are written in the text format read by ``ThemeParser`` (see `themes/README.md`).
/// ``builtinDefault`` is parsed from ``BuiltinThemes/defaultText``, the same text as
/// `themes/default.theme`.
///
/// ```swift
/// let style = theme[.header]
/// ```
struct Theme: Hashable, Sendable {
    /// The display name.
    var name: String
    /// A style for every element.
    private(set) var styles: [ThemeElement: Style]

    /// Creates a theme; elements missing from `styles` take their style from `base`.
    init(name: String, styles: [ThemeElement: Style], base: Theme? = nil) {
        self.name = name
        var complete = base?.styles ?? [:]
        complete.merge(styles) { _, new in new }
        for element in ThemeElement.allCases where complete[element] == nil {
            complete[element] = .plain
        }
        self.styles = complete
    }

    /// The style of `element`.
    subscript(element: ThemeElement) -> Style {
        get { styles[element] ?? .plain }
        set { styles[element] = newValue }
    }

    /// The built-in dark theme, the fallback for every element a theme file leaves out.
    static let builtinDefault: Theme = builtin(BuiltinThemes.defaultText, name: "default")

    /// The attributes-only theme for terminals without colours (or `NO_COLOR`).
    static let monochrome: Theme = builtin(BuiltinThemes.monochromeText, name: "monochrome")

    /// Parses built-in theme text. It is tested to parse; should it ever fail, a plain theme with a
    /// reverse-video cursor keeps the program usable instead of crashing.
    private static func builtin(_ text: String, name: String) -> Theme {
        if let theme = try? ThemeParser.parse(text, file: "<builtin \(name)>", base: nil) {
            return theme
        }
        return Theme(name: name, styles: [.cursorCell: Style(attributes: .reverse), .header: Style(attributes: .bold)])
    }
}

extension Theme {
    /// The built-in theme called `name` (`default` or `monochrome`, any case), or nil.
    static func builtin(named name: String) -> Theme? {
        switch name.lowercased() {
        case "default":
            return .builtinDefault
        case "monochrome":
            return .monochrome
        default:
            return nil
        }
    }
}
