import FluentKit

/// The benchmark's model in Fluent, on the table ORMCore makes for ``Item``: the key the server's
/// identity column assigns (read back by each insert), the note optional.
final class FluentItem: Model, @unchecked Sendable {
    static let schema = "item"

    /// The key, nil until the server assigns it.
    @ID(custom: "id", generatedBy: .database) var id: Int?
    /// The item's name.
    @Field(key: "name") var name: String
    /// The item's score.
    @Field(key: "score") var score: Double
    /// The item's count.
    @Field(key: "count") var count: Int
    /// The item's note, NULL for a third of the data set.
    @OptionalField(key: "note") var note: String?

    /// An empty model, as Fluent makes one before decoding a row into it.
    init() {}

    /// A new model from one row's values of the data set.
    init(_ value: Dataset.Value) {
        name = value.name
        score = value.score
        count = value.count
        note = value.note
    }
}
