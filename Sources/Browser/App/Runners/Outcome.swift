/// What handling a key (or a tick) did, for the runner to act on (htop's `Htop_Reaction`, as a
/// value): the state has already changed; these are the effects left to the runner, which hands
/// them to the ``EffectHandler`` both runners share.
///
/// ```swift
/// let outcome = app.handle(.character("y"))
/// outcome.copiedText  // the cursor cell's text, for the terminal's clipboard
/// ```
struct Outcome: Equatable, Sendable {
    /// The effects, in the order they were asked for.
    private(set) var effects: [Effect]

    /// An outcome with `effects`.
    init(_ effects: [Effect] = []) {
        self.effects = effects
    }

    /// The key was taken but nothing on screen changed.
    static let handled = Outcome()
    /// The screen must be drawn again.
    static let redraw = Outcome([.redraw])
    /// The program should end.
    static let quit = Outcome([.quit])

    /// This outcome with `effect` added after its own (an effect already there is not repeated).
    func with(_ effect: Effect) -> Outcome {
        var outcome = self
        outcome.add(effect)
        return outcome
    }

    /// Adds `effect` after the others, unless it is there already.
    mutating func add(_ effect: Effect) {
        if !effects.contains(effect) {
            effects.append(effect)
        }
    }

    /// Adds `other`'s effects after these, in order.
    mutating func merge(_ other: Outcome) {
        for effect in other.effects {
            add(effect)
        }
    }

    /// Whether the screen must be drawn again (``Effect/redraws``).
    var redraws: Bool {
        effects.contains(where: \.redraws)
    }

    /// Whether this app ends: the program quits, or goes on in the app on another schema.
    var quits: Bool {
        effects.contains(.quit) || reopening != nil
    }

    /// Whether the keys after this outcome belong to another app, or to none: it quits, switches
    /// schema, shows another database or closes this one.
    var leavesApp: Bool {
        quits || effects.contains { effect in
            switch effect {
            case .showDatabase, .close: true
            default: false
            }
        }
    }

    /// The schema the app ends to browse instead (``Effect/reopen(_:)``), if any.
    var reopening: SchemaSwitch? {
        for case .reopen(let switched) in effects {
            return switched
        }
        return nil
    }

    /// Hands `keys` to the app shown next, to play first: the one a schema switch makes
    /// (``SchemaSwitch/keysLeft``), another database shown or the one shown after this one
    /// closes; nothing when this outcome leaves no app.
    mutating func leaveForNextApp(_ keys: [Key]) {
        effects = effects.map { effect in
            switch effect {
            case .reopen(var switched):
                switched.keysLeft += keys
                return .reopen(switched)
            case .showDatabase(let offset, let keysLeft):
                return .showDatabase(offset: offset, keysLeft: keysLeft + keys)
            case .close(let keysLeft):
                return .close(keysLeft: keysLeft + keys)
            default:
                return effect
            }
        }
    }

    /// The text a yank asks to put on the clipboard, if any.
    var copiedText: String? {
        for case .copy(let text) in effects {
            return text
        }
        return nil
    }

    /// The edit in the user's editor asked for, if any.
    var externalEdit: ExternalEditRequest? {
        for case .editExternally(let request) in effects {
            return request
        }
        return nil
    }
}
