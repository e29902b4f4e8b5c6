/// A terminal colour, from the terminal's own default to 24-bit RGB.
enum Color: Hashable, Sendable {
    /// The terminal's default foreground or background.
    case `default`
    /// One of the 16 ANSI colours: 0-7 normal, 8-15 bright.
    case ansi(UInt8)
    /// One of the 256 xterm palette entries.
    case indexed(UInt8)
    /// A 24-bit colour.
    case rgb(UInt8, UInt8, UInt8)
}
