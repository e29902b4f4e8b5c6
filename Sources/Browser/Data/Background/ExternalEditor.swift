import FoundationEssentials

/// The user's text editor, run on a value in a temporary file: `$VISUAL`, else `$EDITOR`.
///
/// The setting is run by `/bin/sh` with the file as its argument, as git does, so it may carry
/// arguments (`code --wait`, `sh -c '...' --`); it runs in reef's process group, so it can read
/// the terminal (see ``ForegroundCommand``). A run that exits with a status other than 0 or
/// leaves the text as it was changes nothing.
struct ExternalEditor: Sendable {
    /// What a run of the editor gave.
    enum Outcome: Equatable, Sendable {
        /// The file was saved with new text.
        case changed(String)
        /// The text is as it was (or only a final line break was added).
        case unchanged
        /// The editor could not run, failed, or left something that is not text: the reason (the
        /// caller says what was left undone).
        case failed(String)
    }

    /// The shell command line that starts the editor, nil when neither variable is set.
    let command: String?

    /// The editor named by `VISUAL`, else `EDITOR`, in `environment` (empty values ignored).
    init(environment: [String: String]) {
        command = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }
            .first { !$0.trimmedWhitespace.isEmpty }
    }

    /// An editor run by the shell command line `command` (nil: none set).
    init(command: String?) {
        self.command = command
    }

    /// Writes `text` to a temporary file named after `name`, runs the editor on it and reads it
    /// back; the file is removed afterwards.
    ///
    /// - Parameters:
    ///   - text: The text to edit.
    ///   - name: A hint for the file name (table and column), so editors can tell it apart.
    ///   - fileExtension: The file's extension, which editors choose their highlighting by.
    ///   - attachedToTerminal: Whether the editor gets the terminal (the caller has suspended
    ///     the screen); otherwise (headless) its input and output are `/dev/null`.
    func edit(_ text: String, name: String, fileExtension: String = "txt", attachedToTerminal: Bool) -> Outcome {
        guard let command else {
            return .failed("no $VISUAL or $EDITOR set")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reef-edit-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(Self.fileName(for: name, extension: fileExtension))
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        } catch {
            return .failed("cannot write a temporary file: \(error)")
        }
        switch Result(catching: { try ForegroundCommand.run(command, arguments: [file.path], silenced: !attachedToTerminal) }) {
        case .failure(let error):
            return .failed("cannot run \(command): \(error)")
        case .success(.signalled(let signal)):
            return .failed("the editor was stopped by signal \(signal)")
        case .success(.exited(let status)) where status != 0:
            return .failed("the editor exited with status \(status)")
        case .success:
            break
        }
        guard let data = try? Data(contentsOf: file) else {
            return .failed("the edited file is gone")
        }
        guard let edited = String(data: data, encoding: .utf8) else {
            return .failed("the edited file is not UTF-8 text")
        }
        return Self.outcome(original: text, edited: edited)
    }

    /// Compares the saved text with the original: editors end the last line with a line break,
    /// so one added at the end is not a change (and is dropped from a changed text).
    static func outcome(original: String, edited: String) -> Outcome {
        // "\r\n" is one Character in Swift: removing the last one drops either kind of line break.
        let isLineBreak = { (character: Character?) in character == "\n" || character == "\r\n" }
        var result = edited
        if isLineBreak(result.last), !isLineBreak(original.last) {
            result.removeLast()
        }
        return result == original ? .unchanged : .changed(result)
    }

    /// A safe file name for `name`: letters, digits, `-` and `_` kept, the rest `_`, then the
    /// extension (`.txt` unless told).
    static func fileName(for name: String, extension fileExtension: String = "txt") -> String {
        let safe = name.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_")
                ? Character(scalar) : "_"
        }
        return String(safe.prefix(60)) + "." + fileExtension
    }
}
