/// What ``Editing`` asks of the app: its services, and the cell editor's target on the prompt line.
extension App: EditingHost {
    var editedCell: EditTarget? {
        get { prompt.editing }
        set { prompt.editing = newValue }
    }
}
