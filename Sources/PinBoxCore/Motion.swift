// SPDX-License-Identifier: MIT
/// How a prompt moves: its dots fading and growing in, the shake of a refused key, the check
/// mark growing after a submit, the wait cue's breathing, and its caret's blink. A prompt
/// follows the desktop (`XDisplay.desktopChoices`), as a GTK program does, unless the user
/// says otherwise (`--animations`, the `animations` resource); so does the payment sheet. The
/// demo window keeps its seeds' motion.
public struct Motion: Equatable, Sendable {
    /// False: nothing moves on its own. Every change shows at once and holds (`Animator.moves`),
    /// and the wait cue stands still: for a user whom motion on screen unsettles, or who asked
    /// for none.
    public var animates = true
    public var caret = CaretBlink()
    /// How soon a second click must follow the first to make a double click, in seconds: the
    /// user's own pace, which a desktop lengthens for a hand that clicks slowly. GTK's default.
    public var doubleClick = 0.4

    public init(animates: Bool = true, caret: CaretBlink = CaretBlink(), doubleClick: Double = 0.4) {
        self.animates = animates
        self.caret = caret
        self.doubleClick = doubleClick
    }

    /// The XSETTINGS a GTK program moves by (the registry's names; gsd-xsettings, xfsettingsd,
    /// KDE's kde-gtk-config and xsettingsd publish them): GNOME's "Reduce animation" and
    /// KDE's animation speed at its slowest set the first to 0.
    public static let animationsSetting = "Gtk/EnableAnimations"
    public static let cursorBlinkSetting = "Net/CursorBlink"
    public static let cursorBlinkTimeSetting = "Net/CursorBlinkTime"
    public static let cursorBlinkTimeoutSetting = "Gtk/CursorBlinkTimeout"
    public static let doubleClickTimeSetting = "Net/DoubleClickTime"

    /// The motion a prompt has: the user's word on animation, else the desktop's; the caret as
    /// the desktop blinks it, within GTK's own bounds (a blink of at least 100 ms, a timeout
    /// of at least a second), so no value a settings owner writes makes it blink faster than
    /// GTK would. A setting absent, or of another type, leaves GTK's default.
    public static func preferred(animations: Bool?, desktop: XSettings?) -> Motion {
        var motion = Motion()
        motion.animates = animations ?? desktop?.integer(animationsSetting).map { $0 != 0 } ?? true
        if let blink = desktop?.integer(cursorBlinkSetting) { motion.caret.blinks = blink != 0 }
        if let milliseconds = desktop?.integer(cursorBlinkTimeSetting) {
            motion.caret.period = Double(max(milliseconds, 100)) / 1000
        }
        if let seconds = desktop?.integer(cursorBlinkTimeoutSetting) { motion.caret.timeout = Double(max(seconds, 1)) }
        // Within reason: a click a tenth of a second after another is one that was meant.
        if let milliseconds = desktop?.integer(doubleClickTimeSetting) {
            motion.doubleClick = Double(min(max(milliseconds, 100), 5000)) / 1000
        }
        return motion
    }
}
