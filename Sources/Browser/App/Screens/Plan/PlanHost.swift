/// What the plan screen (``PlanController``) asks of the statements typed at the SQL prompt
/// (``StatementSession``): a plan read again, analyzed, and the way back into the editor.
protocol PlanHost: AnyObject {
    /// Reads the plan `request` asks for in the background and shows it on a plan screen, in
    /// place of the one on top; a statement the database rejects goes back into the editor.
    func showPlan(_ request: PlanRequest)

    /// Opens the SQL editor with the text and cursor it had when `request` was made.
    func returnToEditor(from request: PlanRequest)
}
