import CNcurses

#if canImport(Glibc)
    import Glibc
#endif

/// Reads keys from the ncurses terminal opened by ``NcursesBackend`` and turns them into ``Key``s:
/// characters, arrows (with Shift too), pages, Home/End, F-keys, Tab/Shift-Tab, Enter, Esc,
/// Backspace, control keys, resizes, clicks and wheel steps. Ctrl-C, which reaches the process as SIGINT, is read as
/// the key `<C-c>` (``InterruptSignal``).
final class NcursesInput: KeyReader {
    /// How many errors in a row from a blocking read mean the terminal is gone.
    private static let errorLimit = 100
    /// Errors from blocking reads in a row.
    private var blockingErrors = 0
    /// Ends a wait early when background work has something to show.
    private let wakeup: Wakeup?

    /// Creates a reader of the current ncurses screen; a signal of `wakeup` ends a wait for a key
    /// early (read as a timeout).
    init(wakeup: Wakeup? = nil) {
        self.wakeup = wakeup
    }

    /// Waits up to `milliseconds` (forever for nil) for a key, or until the wakeup is signalled.
    func readKey(timeoutMilliseconds milliseconds: Int?) -> KeyRead {
        guard let window = cn_stdscr() else {
            return .endOfInput
        }
        if InterruptSignal.take() {
            return .key(.control("c"))
        }
        var wait = milliseconds ?? -1
        if let wake = wakeup?.fileDescriptor {
            // Keys ncurses holds already come first; then the terminal and the wakeup are watched
            // together, and the read below only collects what arrived (an escape sequence's rest
            // within ncurses' escape delay).
            wtimeout(window, 0)
            var character: wint_t = 0
            let result = wget_wch(window, &character)
            if result != ERR {
                return key(result: result, character: character, blocking: false)
            }
            var watched = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&watched, 2, Int32(wait))
            if ready > 0, watched[1].revents != 0 {
                wakeup?.drain()
                if watched[0].revents == 0 {
                    return .timeout
                }
            }
            if ready == 0 {
                return .timeout
            }
            wait = 0  // something arrived (or a signal: a resize, Ctrl-C): collect it
        }
        wtimeout(window, Int32(wait))
        var character: wint_t = 0
        let result = wget_wch(window, &character)
        return key(result: result, character: character, blocking: wait < 0)
    }

    /// What a `wget_wch` call returned, as a read.
    private func key(result: Int32, character: wint_t, blocking: Bool) -> KeyRead {
        if result == ERR {
            if InterruptSignal.take() {
                return .key(.control("c"))
            }
            if blocking {
                blockingErrors += 1
                return blockingErrors >= Self.errorLimit ? .endOfInput : .timeout
            }
            return .timeout
        }
        blockingErrors = 0
        if result == KEY_CODE_YES {
            return functionKey(Int32(bitPattern: character)).map(KeyRead.key) ?? .timeout
        }
        return Self.key(forCharacter: character).map(KeyRead.key) ?? .timeout
    }

    /// The key for a character code from `wget_wch`.
    static func key(forCharacter code: wint_t) -> Key? {
        switch code {
        case 9: return .tab
        // With `nonl()` Enter is 13; 10 is Ctrl-J (a new line in the SQL editor, Enter elsewhere).
        case 13: return .enter
        case 27: return .escape
        case 8, 127: return .backspace
        case 1...26:
            guard let scalar = UnicodeScalar(code + 96) else {
                return nil
            }
            return .control(Character(scalar))
        default:
            guard code >= 32, let scalar = UnicodeScalar(code) else {
                return nil
            }
            return .character(Character(scalar))
        }
    }

    /// The key for a function-key code from `wget_wch`.
    private func functionKey(_ code: Int32) -> Key? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_SR: return .shiftUp  // xterm's Shift-Up is terminfo's "scroll backward" (kri)
        case KEY_SF: return .shiftDown
        case KEY_SLEFT: return .shiftLeft
        case KEY_SRIGHT: return .shiftRight
        case KEY_SHOME: return .shiftHome
        case KEY_SEND: return .shiftEnd
        case KEY_IC: return .insert
        case KEY_DC: return .delete
        case KEY_BACKSPACE: return .backspace
        case KEY_ENTER: return .enter
        case KEY_BTAB: return .backTab
        case KEY_RESIZE: return .resize
        case KEY_MOUSE: return mouse()
        default:
            for number in 1...12 where code == cn_key_f(Int32(number)) {
                return .function(number)
            }
            return Self.extendedKey(code)
        }
    }

    /// The key for a code ncurses made for an extended terminfo capability (past `KEY_MAX`): the
    /// Shift-arrows some terminals name `kUP`, `kDN` (or `kUP2`, `kDN2`, `kLFT2`…) rather than
    /// `kri`, `kind`.
    private static func extendedKey(_ code: Int32) -> Key? {
        guard code > KEY_MAX, let name = keyname(code) else {
            return nil
        }
        switch String(cString: name) {
        case "kUP", "kUP2": return .shiftUp
        case "kDN", "kDN2": return .shiftDown
        case "kLFT2": return .shiftLeft
        case "kRIT2": return .shiftRight
        case "kHOM2": return .shiftHome
        case "kEND2": return .shiftEnd
        default: return nil
        }
    }

    /// The mouse event just reported, as a key.
    private func mouse() -> Key? {
        var event = MEVENT()
        guard getmouse(&event) == OK else {
            return nil
        }
        let state = event.bstate
        let button: MouseEvent.Button
        if state & cn_wheel_up() != 0 {
            button = .wheelUp
        } else if cn_wheel_down() != 0 && state & cn_wheel_down() != 0 {
            button = .wheelDown
        } else if state & (cn_button1_pressed() | cn_button1_clicked()) != 0 {
            button = .left
        } else if state & cn_button3_pressed() != 0 {
            button = .right
        } else if state & cn_button2_pressed() != 0 {
            button = .middle
        } else {
            return nil
        }
        return .mouse(MouseEvent(x: Int(event.x), y: Int(event.y), button: button))
    }
}
