// SPDX-License-Identifier: MIT
// The page half of the text fuzz target: a dialog of any kind (passphrase, PIN of known or
// unknown length, a new passphrase and its repeat, confirmation, message, notice, payment sheet),
// moving or held still, driven by every kind of input and by time, with this file playing the
// host the event loop is: it hands a delivered secret over, answers paste requests, advances
// time in steps and to the deadlines the page announces, and wipes the page at the end.
@testable import PinBoxCore

/// The renderer's text measure, stood in for: every character half an em wide.
func standInMeasure(_ text: String, _ style: TextStyle, _ width: Double?) -> Size {
    let line = Double(text.unicodeScalars.count) * style.size / 2
    let lines = width.map { max(1, (line / max(1, $0)).rounded(.up)) } ?? 1
    return Size(width: min(line, width ?? line), height: lines * (style.size * 1.3).rounded(.up))
}

/// A few words from the input (callers' words are arbitrary UTF-8; the page only measures them).
func nextWords(_ input: inout ByteReader) -> String {
    String(decoding: input.take(Int(input.next() % 24)), as: UTF8.self)
}

func nextPage(_ input: inout ByteReader) -> Page? {
    let kind = input.next() % 8
    let flags = input.next()
    let timeout: Double? = flags & 0x20 != 0 ? Double(input.next() % 40) / 10 : nil
    let scale = flags & 0x10 != 0 ? 2.0 : 1.0
    if kind == 7 {
        var sheet = PaySheetSpec()
        (sheet.timeout, sheet.scale, sheet.reveal) = (timeout, scale, flags & 0x40 != 0)
        sheet.amount = nextWords(&input)
        return try? sheet.makePage(refreshRate: input.pick([60, 144, 30]), measure: standInMeasure)
    }
    var spec: DialogSpec
    switch kind {
    case 0, 1: spec = DialogSpec(kind: .entry(.passphrase))
    case 2: spec = DialogSpec(kind: .entry(.fixedPIN(length: Int(input.next() % 12) + 1)))
    case 3: spec = DialogSpec(kind: .entry(.openPIN(shown: Int(input.next() % 12) + 1)))
    case 4: spec = DialogSpec(kind: .confirm(notOK: flags & 0x40 != 0))
    case 5: spec = DialogSpec(kind: .message)
    default: spec = DialogSpec(kind: .notice)
    }
    if flags & 1 != 0 { spec.repeatPrompt = "Repeat" }
    spec.waitCue = flags & 2 != 0
    spec.qualityLabel = flags & 4 != 0 ? "Quality" : nil
    spec.paste = flags & 8 == 0
    (spec.timeout, spec.scale) = (timeout, scale)
    spec.accepts = input.pick([AcceptedCharacters.text, .text, .printable, .digits])
    let limit = input.next()
    spec.byteLimit = input.pick([1022, 255, Int(limit % 32) + 1])
    spec.description = nextWords(&input)
    // One byte, two choices: the inputs found before keep their meaning.
    let errorAndMotion = input.next()
    spec.error = errorAndMotion & 1 == 0 ? "" : "Bad PIN (try 2 of 3)"
    spec.motion.animates = errorAndMotion & 2 == 0
    spec.okLabel = input.pick(["_OK", "_Yes", "O_K", "__OK"])
    return try? spec.makePage(refreshRate: input.pick([60, 144, 30]), measure: standInMeasure)
}

/// The input method's text, composed or being composed (its caret anywhere, out of range too).
func nextInputMethodText(_ input: inout ByteReader) -> InputEvent {
    let text = String(nextScalar(&input)) + String(nextScalar(&input))
    guard input.next() & 1 != 0 else { return .composedText(text) }
    // A marked run anywhere, past the text's end too.
    let caret = Int(input.next() % 4) - 1, start = Int(input.next() % 4)
    return .preedit(Preedit(text: text, caret: caret, marked: [start..<(start + Int(input.next() % 3))]))
}

/// Every input the window can hand the page, the common ones most often.
func nextInput(_ input: inout ByteReader, page: Page) -> InputEvent {
    func point() -> Point {
        let rects = page.geometry.fields + page.geometry.buttons
        let choice = Int(input.next())
        if choice < 200, !rects.isEmpty { return rects[choice % rects.count].mid }
        return Point(x: Double(input.next()) * 2, y: Double(input.next()) * 2)
    }
    switch input.next() % 24 {
    case 0...7: return .character(nextScalar(&input))
    case 8: return .mnemonic(input.pick(["o", "c", "n", "y", "K", "O", "_", "é"]))
    case 9:
        let move = input.pick([CaretMove.back, .forward, .wordBack, .wordForward, .start, .end])
        return input.pick([InputEvent.otherKey, .moveCaret(move), .extendSelection(move), .selectAll,
                           .verticalMove(input.next() & 1 == 0 ? -1 : 1), .contextMenu(nil),
                           .chooseMenuItem(Int(input.next() % 5) - 1), nextInputMethodText(&input),
                           nextSequence(&input)])
    case 10, 11: return input.pick([InputEvent.deleteBackward, .deleteBackward, .deleteForward, .deleteWordBackward,
                                     .deleteWordForward])
    case 12: return .clearField
    case 13: return input.next() % 4 == 0 ? .escape : .submit
    case 14: return .submit
    case 15: return .focusNext
    case 16: return .focusPrevious
    case 17:
        let source = input.pick([PasteSource.clipboard, .primary])
        return .pasteRequest(source, at: input.next() & 1 == 0 ? nil : point())
    case 18: return .copy
    case 19: return nextPasteAnswer(&input)
    case 20:
        switch input.next() & 7 {
        case 0: return .clickExtending(point())
        case 1: return .contextMenu(point())
        case 2: return .release(point())
        case 3: return input.next() & 1 == 0 ? .hover(.moved(point())) : .contextMenuRelease(point())
        default: return .click(point())
        }
    case 21: return input.next() & 1 == 0 ? .windowFocus(input.next() & 1 == 0) : .resize(
        Size(width: Double(input.next()) * 4, height: Double(input.next()) * 2))
    case 22:
        switch input.next() % 3 {
        case 0: return .workbench(input.pick(WorkbenchAction.allCases))
        case 1:
            // The screen's resolution changing while the page is open, to any scale a settings
            // owner can write, in a work area of any size.
            let scale = input.pick([0.5, 1, 1.25, 2, 3, 8, 0, -1, 9, .nan, .infinity])
            return .desktopScale(scale, area: Size(width: Double(input.next()) * 8, height: Double(input.next()) * 8))
        default: break
        }
        // The desktop turning dark, to high contrast or still while the page is open.
        var motion = Motion(animates: input.next() & 1 == 0)
        motion.caret.blinks = input.next() & 1 == 0
        return .desktopStyle(input.pick([Palette.light, .dark, .highContrast, .highContrastInverse]), motion)
    default: return input.pick([.screenshot, .hidden, .screenshot, .hidden, .close, .terminate])
    }
}

/// A dead key's or Compose's sequence, or a character's code (Ctrl+Shift+U) of up to six digits,
/// beginning or going on, or one ending in nothing.
func nextSequence(_ input: inout ByteReader) -> InputEvent {
    var entry = CharacterCodeEntry()
    _ = entry.press(.start, held: true)
    for _ in 0..<Int(input.next() % 7) { _ = entry.press(.digit(UInt32(input.next() % 16)), held: true) }
    return input.pick([.composeStarted, .composeCancelled, entry.code.map { .characterCode($0) } ?? .composeCancelled])
}

/// What a selection's owner answers to a paste request (or an answer nobody asked for).
func nextPasteAnswer(_ input: inout ByteReader) -> InputEvent {
    switch input.next() % 4 {
    case 0: return .pasted(.tooBig)
    case 1: return .pasted(.unavailable)
    default:
        let bytes = nextPaste(&input)
        let buffer = SecretBuffer(capacity: max(1, bytes.count))
        buffer.append(contentsOf: bytes)
        return .pasted(.bytes(buffer))
    }
}

/// What is observable of a page's state: what a finished page must keep whatever comes.
struct PageState: Equatable {
    var outcome: PageOutcome?
    var focus: Int
    var secrets: [[UInt8]]
    var error: String

    init(_ page: Page) {
        (outcome, focus, error) = (page.outcome, page.focus, page.content.error)
        secrets = page.fields.map { bytes(of: $0.field) }
    }
}

/// Drives one page to its end and beyond, as the event loop would, checking after every step.
func fuzzPage(_ input: inout ByteReader) {
    guard let page = nextPage(&input) else { return }
    var now = Double(input.next()) * 10  // the monotonic clock starts anywhere
    var lastActivity: Double?            // the host's view of when the timeout started counting
    var finishes = 0
    var pastePending = false
    var steps = 0

    /// The host's side of the effects: a delivered secret is checked and handed over; a finish is
    /// counted; a paste request is remembered.
    func carryOut(_ effects: [PageEffect], before: PageState, input event: InputEvent?) {
        var changedFields = Set<String>()
        var delivered = Set<Int>()
        for effect in effects {
            switch effect {
            case .report(.change(let name, let length)):
                changedFields.insert(name)
                check((0...1023).contains(length), "change to length \(length)")
            case .report(.focus(let name)):
                check(page.fields.contains { $0.name == name } || page.content.buttons.contains { $0.role.rawValue == name },
                      "focus moved to \(name), which the page does not have")
            case .report(.submit(let name, let index, let length, _)):
                check(page.fields[index].name == name && page.fields[index].field.length == length,
                      "submit of \(name) reports length \(length)")
            case .deliver(let index):
                let field = page.fields[index].field
                checkSecret(field, page.fields[index].name)
                if case .fixedPIN(let n) = page.entry { check(field.length == n, "a PIN of \(n) delivered at \(field.length)") }
                if page.repeats {
                    check(bytes(of: page.fields[0].field) == bytes(of: page.fields[1].field), "a mismatched repeat was delivered")
                }
                let after = page.handedOver(field: index, now: now)
                check(after.allSatisfy { if case .report = $0 { true } else { false } }, "hand-over asked for \(after)")
                field.secret.withWholeCapacity { check($0.allSatisfy { $0 == 0 }, "a handed-over secret was not wiped") }
                delivered.insert(index)
            case .finish(let outcome):
                finishes += 1
                check(finishes == 1, "a second outcome: \(outcome)")
                check(page.outcome == outcome, "finished \(outcome), the page says \(String(describing: page.outcome))")
            case .fetchPaste:
                check(page.outcome == nil, "a finished page asked for a paste")
                pastePending = true
            default:
                break
            }
        }
        check((page.outcome != nil) == (finishes == 1), "an outcome without its finish effect, or the reverse")
        // A field's characters change only with a `change` report: nothing is lost silently.
        for (i, f) in page.fields.enumerated() where i < before.secrets.count && !changedFields.contains(f.name) && !delivered.contains(i) {
            check(bytes(of: f.field) == before.secrets[i], "\(f.name) changed without a change event after \(String(describing: event))")
        }
    }

    func checkAtRest() {
        let focusable = page.fields.count + page.content.buttons.count
        check(page.focus >= 0 && page.focus < max(1, focusable), "focus \(page.focus) of \(focusable)")
        for f in page.fields { checkSecret(f.field, f.name) }
        if page.outcome == nil, let deadline = page.nextDeadline(after: now) {
            check(deadline >= now, "deadline \(deadline) before now \(now)")
        }
        if let feedback = page.feedback { check(feedback.until > now, "feedback due at \(feedback.until) still shown at \(now)") }
        if steps % 8 == 0 {
            let scene = page.scene(at: now)
            check(scene.fields.count == page.fields.count, "a scene of \(scene.fields.count) fields")
            for (i, f) in scene.fields.enumerated() {
                check((0...1).contains(f.cue) && (0...1).contains(f.success), "\(page.fields[i].name): cue or success out of 0…1")
                check(f.shown == nil || !f.theme.secure, "a secure field shows characters")
                for cell in f.cells {
                    check((0...1).contains(cell.presence), "presence \(cell.presence) out of 0…1")
                    check(!cell.holdsCharacter || !f.theme.secure, "a secure cell shows a character")
                }
            }
        }
    }

    /// Time passes to `later`: the page may only decide something (a timeout) at or after the
    /// deadline it announced, and must once the timeout is due.
    func advance(to later: Double) {
        let announced = page.nextDeadline(after: now)
        let before = PageState(page)
        now = later
        let effects = page.advance(to: now)
        if before.outcome != nil {
            check(effects.isEmpty && PageState(page) == before, "time changed a finished page")
            return
        }
        if !effects.isEmpty {
            check(announced.map { now >= $0 } ?? false, "decided at \(now), before the deadline \(String(describing: announced))")
            check(page.outcome == .timedOut, "time ended the page with \(String(describing: page.outcome))")
        }
        if let timeout = page.rules.timeout, let last = lastActivity {
            check((now >= last + timeout) == (page.outcome == .timedOut),
                  "timeout \(timeout) after activity at \(last), now \(now): outcome \(String(describing: page.outcome))")
        } else {
            check(effects.isEmpty, "time ended a page that has no timeout running")
        }
        carryOut(effects, before: before, input: nil)
    }

    while !input.isAtEnd {
        steps += 1
        let choice = input.next() % 16
        switch choice {
        case 0...9:
            // The event loop answers a paste request soon, with other events perhaps between.
            let event = pastePending && input.next() & 3 != 0 ? nextPasteAnswer(&input) : nextInput(&input, page: page)
            let before = PageState(page)
            let wasPending = pastePending
            let effects = page.handle(event, now: now)
            if before.outcome != nil {
                check(effects.isEmpty && PageState(page) == before, "\(event) changed a finished page")
                continue
            }
            if lastActivity == nil || event.isUserInput { lastActivity = now }
            if case .pasted(let result) = event {
                if wasPending, case .bytes(let buffer) = result {
                    buffer.withWholeCapacity { check($0.allSatisfy { $0 == 0 }, "a pasted buffer was not wiped") }
                }
                pastePending = false
            }
            carryOut(effects, before: before, input: event)
        case 10, 11: advance(to: now + Double(input.next()) / 50)
        case 12: advance(to: max(now, page.nextDeadline(after: now) ?? now))
        case 13: advance(to: now + 1.0 / 60)
        case 14: advance(to: now + Double(input.next()) * 2)
        default:
            switch input.next() % 3 {
            case 0: page.setQuality(Int(Int8(bitPattern: input.next())))
            case 1: page.setRefreshRate(Double(input.next()) * 2)
            default: page.shakeEntry(at: now)
            }
        }
        checkAtRest()
    }
    // Every way out wipes the page.
    page.wipe()
    for f in page.fields {
        f.field.secret.withWholeCapacity { check($0.allSatisfy { $0 == 0 }, "\(f.name) not wiped at the end") }
    }
}
