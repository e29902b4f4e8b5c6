/// What a frequency table counts: the query that made it and the grid whose column it counts,
/// which `Enter` on a value filters.
struct FrequencyOrigin {
    /// The frequency query (its column and the filter it counted under).
    let query: FrequencyQuery
    /// The grid counted.
    let grid: GridModel
}
