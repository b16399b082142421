// SPDX-License-Identifier: MIT
/// What a page is told of the keys coming to its window: that they came, at once; that they
/// went, only once they have stayed away `grace` seconds. A focus set on the window that
/// already had the keys (through the pointer) comes as a loss and a gain, which a loaded X
/// server may send in two writes: that is no blur, and a half-typed dead key must go on to its
/// character. No key is missed meanwhile: the keys go where the focus is.
public struct FocusReport: Equatable, Sendable {
    public static let grace = 0.1

    /// What the page was last told.
    public private(set) var told = false
    /// When the loss is to be told if the keys are still away; nil when none is pending.
    public private(set) var due: Double?

    public init() {}

    /// The page was told `focused` another way (drawn focused from the first frame, or told it
    /// is hidden): nothing pending stands.
    public mutating func assume(_ focused: Bool) {
        told = focused
        due = nil
    }

    /// Whether the keys come to the window at `now`: what to tell the page, if anything.
    public mutating func update(hasKeys: Bool, now: Double) -> Bool? {
        guard hasKeys != told else {
            due = nil
            return nil
        }
        if !hasKeys {
            guard let due else {
                self.due = now + Self.grace
                return nil
            }
            guard now >= due else { return nil }
        }
        assume(hasKeys)
        return hasKeys
    }
}
