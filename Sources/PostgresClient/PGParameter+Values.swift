import FoundationEssentials

extension PGParameter {
    /// An integer, in the text form any integer or numeric column reads.
    public static func int(_ value: some BinaryInteger) -> PGParameter {
        .text(String(value))
    }

    /// A double, written so the server reads back the same bits (`NaN`, `Infinity`, `-Infinity`
    /// included).
    public static func double(_ value: Double) -> PGParameter {
        if value.isNaN {
            return .text("NaN")
        }
        if value.isInfinite {
            return .text(value < 0 ? "-Infinity" : "Infinity")
        }
        return .text(value.description)
    }

    /// A boolean (`t` or `f`).
    public static func bool(_ value: Bool) -> PGParameter {
        .text(value ? "t" : "f")
    }

    /// An instant, for a `timestamptz` (or `timestamp`, read as UTC) column: UTC to the microsecond.
    public static func date(_ value: Date) -> PGParameter {
        .text(PGTimestampText.text(value))
    }

    /// A UUID.
    public static func uuid(_ value: UUID) -> PGParameter {
        .text(value.uuidString.lowercased())
    }

    /// A decimal number, every digit kept (for `numeric`).
    public static func decimal(_ value: Decimal) -> PGParameter {
        .text(value.description)
    }
}
