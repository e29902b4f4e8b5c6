import FoundationEssentials

/// The OSC 52 escape sequence that asks the terminal to put text on the system clipboard.
///
/// `ESC ] 52 ; c ; <base64 of the UTF-8 text> BEL`: understood by xterm, kitty, iTerm2, WezTerm,
/// Windows Terminal, and by tmux with `set-clipboard on`, also over SSH.
///
/// ```swift
/// ClipboardSequence.osc52("hi")  // "\u{1B}]52;c;aGk=\u{07}"
/// ```
enum ClipboardSequence {
    /// The sequence that copies `text`.
    static func osc52(_ text: String) -> String {
        "\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{07}"
    }
}
