/// A value written as an SQL literal, for the one place values cannot be bound: `DEFAULT` clauses in
/// `CREATE TABLE` and `ALTER TABLE`. Text has its quotes doubled; blobs are hex; non-finite reals are NULL.
func sqlLiteral(_ value: SQLValue) -> String {
    switch value {
    case .null: return "NULL"
    case .integer(let int): return String(int)
    case .real(let double):
        guard double.isFinite else { return "NULL" }
        let text = String(double)
        return text.contains(".") || text.contains("e") ? text : text + ".0"
    case .text(let text): return "'" + text.replacing("'", with: "''") + "'"
    case .blob(let data):
        return "X'" + data.map { byte in
            let hex = String(byte, radix: 16, uppercase: true)
            return byte < 16 ? "0" + hex : hex
        }.joined() + "'"
    }
}
