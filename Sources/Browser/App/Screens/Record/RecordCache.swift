/// What a record view (``RecordController``) read and laid out last, kept because a key there
/// lays it out several times (scrolling, the field, the frame): the row with more of its long
/// values, and its lines.
struct RecordCache {
    /// The row the record view shows, read with more of its long values than the grid keeps.
    var row: RecordRow?
    /// The record view's lines as last laid out, by the values and width they were made for.
    var layout: (values: [GridValue], width: Int, columns: [GridColumn], fields: [[String]])?
}
