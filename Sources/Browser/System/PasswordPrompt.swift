#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Asks for a password on the controlling terminal (`/dev/tty`, as `psql` and `ssh` do, so it
/// works with standard input and output redirected), nothing echoed; the terminal's settings are
/// restored whatever happens.
enum PasswordPrompt {
    /// Shows `prompt` (text already made safe for a terminal: ``PasswordOpening`` names the server
    /// as ``DatabaseOpener`` sanitised it) and reads a password; nil when there is no terminal to
    /// ask on, or the user cancelled (`Ctrl-C`, `Ctrl-D`).
    static func ask(_ prompt: String) -> String? {
        let terminal = open("/dev/tty", O_RDWR | O_NOCTTY)
        guard terminal >= 0 else {
            return nil
        }
        defer { close(terminal) }
        var saved = termios()
        guard tcgetattr(terminal, &saved) == 0 else {
            return nil
        }
        // No echo, no line editing of the terminal's own, no signal from Ctrl-C: PasswordEntry
        // reads each byte, so a Ctrl-C cancels with the settings restored rather than killing
        // reef with the echo off.
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        guard tcsetattr(terminal, TCSAFLUSH, &raw) == 0 else {
            return nil
        }
        defer { tcsetattr(terminal, TCSAFLUSH, &saved) }
        show(prompt, on: terminal)
        defer { show("\n", on: terminal) }
        var entry = PasswordEntry()
        var byte: UInt8 = 0
        while true {
            let count = read(terminal, &byte, 1)
            if count < 0 && errno == EINTR {
                continue
            }
            guard count == 1 else {
                return nil
            }
            switch entry.take(byte) {
            case .entered(let password):
                return password
            case .cancelled:
                return nil
            case nil:
                continue
            }
        }
    }

    /// Writes `text` to `terminal`.
    private static func show(_ text: String, on terminal: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(terminal, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR {
                continue
            }
            guard written > 0 else {
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }
}
