/// The line a password is typed on, with the terminal's echo and line editing off: what each
/// byte typed does to it. Kept apart from the terminal (``PasswordPrompt``) so it is tested
/// byte by byte.
struct PasswordEntry {
    /// How typing ended.
    enum Outcome: Equatable {
        /// `Enter`: the password typed (empty if nothing was).
        case entered(String)
        /// `Ctrl-C`, or `Ctrl-D` on an empty line: no password.
        case cancelled
    }

    /// The bytes typed so far (UTF-8).
    private var bytes: [UInt8] = []

    /// Takes one byte typed; returns how typing ended, or nil while it goes on. `Backspace`
    /// removes the last character (all its UTF-8 bytes), `Ctrl-U` the whole line; other control
    /// bytes are ignored.
    mutating func take(_ byte: UInt8) -> Outcome? {
        switch byte {
        case 0x0A, 0x0D:
            return .entered(String(decoding: bytes, as: UTF8.self))
        case 0x03:
            return .cancelled
        case 0x04:
            return bytes.isEmpty ? .cancelled : nil
        case 0x7F, 0x08:
            // A character's continuation bytes are 10xxxxxx: drop them and the byte that leads them.
            while let last = bytes.popLast(), last & 0xC0 == 0x80 {}
            return nil
        case 0x15:
            bytes.removeAll()
            return nil
        case ..<0x20:
            return nil
        default:
            bytes.append(byte)
            return nil
        }
    }
}
