import Browser

/// The `reef` executable: everything lives in the `Browser` library so tests can import it.
@main
enum ReefMain {
    static func main() {
        ReefCommand.main()
    }
}
