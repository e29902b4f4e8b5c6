/// A tool an end-to-end test needs is missing: the test fails, saying which.
public struct MissingTool: Error, CustomStringConvertible {
    /// Which tool, and how to install it.
    public let description: String

    /// A missing tool, described.
    public init(description: String) {
        self.description = description
    }
}
