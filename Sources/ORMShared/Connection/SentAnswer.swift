/// What a statement sent without waiting for its answer answered, once its connection read it
/// (``DriverStatement/send(answered:)``, ``DriverConnection/readSentAnswers()``): the first column
/// of its first row (an insert's `RETURNING` key) and the rows it changed.
package struct SentAnswer {
    /// The first column of the first row it returned; `.null` when it returned none.
    package let firstValue: SQLValue
    /// The rows the statement changed.
    package let changedRows: Int

    /// Makes one from each of its stored properties (the memberwise initialiser, for the drivers).
    package init(firstValue: SQLValue, changedRows: Int) {
        self.firstValue = firstValue
        self.changedRows = changedRows
    }
}
