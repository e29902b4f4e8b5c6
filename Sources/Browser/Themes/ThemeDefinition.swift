/// A theme file as written: its settings before the parent theme fills the gaps.
struct ThemeDefinition: Equatable, Sendable {
    /// The `name =` setting, nil when absent.
    var name: String?
    /// The `inherits =` setting, nil when absent.
    var inherits: String?
    /// The styles the file sets itself.
    var styles: [ThemeElement: Style]
}
