/// What a statement sent without waiting for its answer answered, once its connection read it
/// (``DriverStatement/send(answered:)``, ``DriverConnection/readSentAnswers()``): the first column
/// of its first row (an insert's `RETURNING` key) and the rows it changed.
struct SentAnswer {
    /// The first column of the first row it returned; `.null` when it returned none.
    let firstValue: SQLValue
    /// The rows the statement changed.
    let changedRows: Int
}
