/// The part of carrying out an ``Effect`` that depends on the runner: a real terminal (the
/// ``EventLoop``) or one in memory (the ``HeadlessRunner``). Everything else is the shared
/// ``EffectHandler``'s.
protocol EffectHost {
    /// Puts `text` on the clipboard (OSC 52 on a terminal; recorded in memory).
    func copyToClipboard(_ text: String)
    /// Runs `body`, the user's editor, with the screen handed over to it; `body` is told whether
    /// the editor has a terminal to draw on.
    func runEditor(_ body: (_ attachedToTerminal: Bool) -> Void)
    /// Forgets what the screen shows, so the next frame repaints every cell.
    func repaintAll()
}
