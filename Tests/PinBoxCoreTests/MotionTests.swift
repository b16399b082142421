// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

/// How a prompt moves: animated unless the user or the desktop (XSETTINGS `Gtk/EnableAnimations`)
/// says not, its caret blinking as the desktop's `Net/CursorBlink*` settings say, within GTK's
/// bounds; and a still prompt shows every change at once and asks for no frame in between.
@Suite("Motion: animations and the caret's blink, as the desktop says")
struct MotionTests {
    static func measure(_ text: String, _ style: TextStyle, _ width: Double?) -> Size {
        Size(width: Double(text.unicodeScalars.count) * style.size * 0.6, height: (style.size * 1.2).rounded(.up))
    }

    @Test func withNothingToGoByItMovesAsGTKDoes() {
        for motion in [Motion.preferred(animations: nil, desktop: nil),
                       Motion.preferred(animations: nil, desktop: XSettings.desktop { _ in })] {
            #expect(motion == Motion())
            #expect(motion.animates && motion.caret.blinks && motion.caret.period == 1.2 && motion.caret.timeout == 10)
        }
    }

    /// GNOME's "Reduce animation", KDE's slowest animation speed: the desktop says 0.
    @Test func aDesktopWithoutAnimationsGetsAStillPrompt() {
        let off = XSettings.desktop { $0.integer("Gtk/EnableAnimations", 0) }
        let on = XSettings.desktop { $0.integer("Gtk/EnableAnimations", 1) }
        #expect(!Motion.preferred(animations: nil, desktop: off).animates)
        #expect(Motion.preferred(animations: nil, desktop: on).animates, "the control")
        #expect(Motion.preferred(animations: true, desktop: off).animates, "the user's word wins")
        #expect(!Motion.preferred(animations: false, desktop: on).animates)
        let notAnInteger = XSettings.desktop { $0.string("Gtk/EnableAnimations", "0") }
        #expect(Motion.preferred(animations: nil, desktop: notAnInteger).animates, "a string is no setting of GTK's")
    }

    @Test func theCaretBlinksAsTheDesktopSays() {
        let motion = Motion.preferred(animations: nil, desktop: XSettings.desktop {
            $0.integer("Net/CursorBlink", 1)
            $0.integer("Net/CursorBlinkTime", 800)
            $0.integer("Gtk/CursorBlinkTimeout", 4)
        })
        #expect(motion.caret.blinks && motion.caret.period == 0.8 && motion.caret.timeout == 4)
        let still = Motion.preferred(animations: nil, desktop: XSettings.desktop { $0.integer("Net/CursorBlink", 0) })
        #expect(!still.caret.blinks)
        #expect(still.caret.isShown(at: 0.7, since: 0) && still.caret.nextChange(after: 0, since: 0) == nil,
                "shown, and nothing to wake for")
        #expect(still.animates, "a caret that does not blink says nothing of the rest")
    }

    /// Whatever a settings owner writes, the caret blinks no faster than GTK lets it (100 ms),
    /// and stops no sooner than a second in.
    @Test(arguments: [Int32.min, -1, 0])
    func aHostileBlinkIsBounded(_ value: Int32) {
        let motion = Motion.preferred(animations: nil, desktop: XSettings.desktop {
            $0.integer("Net/CursorBlinkTime", value)
            $0.integer("Gtk/CursorBlinkTimeout", value)
        })
        #expect(motion.caret.period == 0.1 && motion.caret.timeout == 1)
        #expect(motion.caret.nextChange(after: 0, since: 0) == 0.1)
        let justUnder = Motion.preferred(animations: nil, desktop: XSettings.desktop { $0.integer("Net/CursorBlinkTime", 99) })
        #expect(justUnder.caret.period == 0.1)
    }

    @Test func theCommandLineGoesOverTheResources() {
        let resources = Preferences(scheme: .dark, contrast: .high, animations: false)
        #expect(Preferences().over(resources) == resources)
        #expect(Preferences(animations: true).over(resources) == Preferences(scheme: .dark, contrast: .high, animations: true))
        #expect(Preferences(scheme: .light).over(Preferences()) == Preferences(scheme: .light))
    }

    /// Held still, a dot is whole at once, a refusal shows its colour without the shake, a
    /// submit its whole check mark; and the one frame asked for is the one where it ends.
    @Test func aStillAnimatorShowsEachChangeAtOnce() {
        var a = Animator(count: 4)
        a.moves = false
        a.setLength(2, at: 10)
        #expect(a.presence(of: 0, at: 10) == 1 && a.presence(of: 2, at: 10) == 0)
        #expect(a.restTime(after: 10) == nil && a.nextDeadline(after: 10, frameInterval: 1.0 / 60) == nil)
        a.cue(at: 20)
        #expect(a.shakeOffset(at: 20.05) == 0 && a.cueStrength(at: 20.55) == 1)
        #expect(a.nextDeadline(after: 20, frameInterval: 1.0 / 60) == 20 + Animator.cueDuration)
        a.succeed(at: 30)
        #expect(a.successStrength(at: 30) == 1 && a.successStrength(at: 30.85) == 1)
        #expect(a.successStrength(at: 30 + Animator.successDuration) == 0)
        // The control: the same steps moving.
        var moving = Animator(count: 4)
        moving.setLength(2, at: 10)
        #expect(moving.presence(of: 0, at: 10) == 0 && moving.nextDeadline(after: 10, frameInterval: 1.0 / 60) != nil)
        moving.cue(at: 20)
        #expect(moving.shakeOffset(at: 20.05) != 0)
        moving.succeed(at: 30)
        #expect(moving.successStrength(at: 30.01) < 1)
    }

    /// A dialog made still has still fields, and its wait cue stands at one moment and wakes
    /// nothing; the same dialog moving is the control.
    @Test func aStillDialogHoldsItsFieldsAndItsCue() throws {
        for animates in [false, true] {
            var spec = DialogSpec(kind: .entry(.openPIN(shown: 1)))
            spec.motion = Motion(animates: animates)
            let page = try spec.makePage(measure: Self.measure)
            #expect(page.fields.allSatisfy { $0.animator.moves == animates })
            _ = page.handle(.character("1"), now: 1)
            #expect((page.scene(at: 1).fields[0].cells.first?.presence == 1) == !animates, "animates: \(animates)")

            var notice = DialogSpec(kind: .notice)
            notice.waitCue = true
            notice.motion = Motion(animates: animates)
            let cue = try notice.makePage(measure: Self.measure)
            #expect((cue.nextDeadline(after: 0) == nil) == !animates)
            #expect((cue.scene(at: 0.3).cuePhase == cue.scene(at: 1.1).cuePhase) == !animates)
        }
    }

    /// The desktop turns dark and still while a passphrase is half typed: the page, its entry
    /// and its motion change, and nothing typed, focused or laid out does.
    @Test func anOpenDialogFollowsTheDesktop() throws {
        var spec = DialogSpec(kind: .entry(.passphrase))
        spec.prompt = "Passphrase:"
        let page = try spec.makePage(measure: Self.measure)
        for c in "ab".unicodeScalars { _ = page.handle(.character(c), now: 1) }
        let before = page.scene(at: 2)
        let dark = Appearance(.dark).palette
        #expect(page.handle(.desktopStyle(dark, Motion(animates: false)), now: 2).isEmpty)
        let after = page.scene(at: 2)
        #expect(after.palette == dark && before.palette == .light)
        #expect(after.fields[0].theme.background == dark.entryBackground && after.fields[0].theme.dotColor == dark.entryText)
        #expect(before.fields[0].theme.background == Palette.light.entryBackground)
        #expect(page.fields[0].field.length == 2 && after.geometry == before.geometry && after.focusRing == before.focusRing)
        #expect(page.fields.allSatisfy { !$0.animator.moves } && !page.motion.animates)
        // The same again changes nothing; the light palette brings the first look back.
        _ = page.handle(.desktopStyle(dark, Motion(animates: false)), now: 3)
        #expect(page.scene(at: 3) == page.scene(at: 3) && page.palette == dark)
        _ = page.handle(.desktopStyle(.light, Motion()), now: 4)
        #expect(page.scene(at: 2).fields[0].theme == before.fields[0].theme && page.motion.animates)
        _ = page.handle(.character("c"), now: 5)
        #expect(page.fields[0].field.length == 3)
    }
}
