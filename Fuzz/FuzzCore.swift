// SPDX-License-Identifier: MIT
// libFuzzer target for PinBoxCore: random configurations and event streams, with the core's
// invariants checked after every step; and the same bytes as a desktop's XSETTINGS property.
// Built by scripts/fuzz together with the core's sources (one module, so internals are
// reachable), with FuzzInput.swift.

func checkField(_ f: PinField) {
    check(f.length <= f.capacity, "length \(f.length) above capacity \(f.capacity)")
    f.secret.withBytes { check($0.allSatisfy(PinField.isDigit), "a non-digit was stored") }
    f.secret.withWholeCapacity { all in
        check(all[f.length...].allSatisfy { $0 == 0 }, "bytes past the length were not wiped")
    }
}

func checkLayout(_ r: LayoutRequest) {
    let layout = Layout(r)
    check(layout.cells.count == r.rows * r.columns, "cell count")
    for (i, a) in layout.cells.enumerated() {
        check(layout.bounds.contains(a), "cell \(i) \(a) outside \(layout.bounds)")
        for b in layout.cells[(i + 1)...] { check(!a.intersects(b), "cells \(a) and \(b) overlap") }
    }
    for d in layout.dividers { check(layout.bounds.contains(d) || layout.bounds.isEmpty, "divider outside") }
    if r.arrangement == .separate {
        check(layout.frame.width >= r.frame.width && layout.frame.height >= r.frame.height, "the frame shrank")
    }
}

/// Any client can own the XSETTINGS selection and write its property: whatever the bytes, the
/// reader neither traps nor reads past them (ASan), refuses only a missing header, and returns
/// no more records than the bytes hold (12 at the least each); every text in it goes through
/// the theme-name rules; and whatever it says of motion, the caret blinks no faster than GTK's
/// 100 ms and stops no sooner than a second in.
func checkSettings(_ bytes: [UInt8]) {
    guard let settings = XSettings(bytes: bytes) else {
        check(bytes.count < 12 || bytes[0] > 1, "a property with a header was refused")
        return
    }
    check(settings.settings.count <= (bytes.count - 12) / 12, "more records than the bytes can hold")
    for setting in settings.settings {
        if case .string(let text) = setting.value { _ = Appearance(gtkTheme: String(decoding: text, as: UTF8.self)) }
    }
    _ = Appearance.preferred(scheme: nil, contrast: nil, environmentTheme: nil) { settings }
    let caret = Motion.preferred(animations: nil, desktop: settings).caret
    check(caret.period >= 0.1 && caret.timeout >= 1, "a caret blinking out of GTK's bounds")
}

/// A caller writes its own command line (argv, setproctitle): whatever the bytes, the line a
/// dialog shows of it is one line of at most `longest` characters, with no control or format
/// character (nothing that breaks the line, moves the cursor or turns the text around). An
/// odd first byte makes the rest ssh-keygen's arguments, read with its letters (a secret
/// hidden, its key kept on a long line).
func checkCommandLine(_ input: [UInt8]) {
    let bytes = input.first.map { $0 & 1 == 1 } == true ? Array("ssh-keygen\0".utf8) + input.dropFirst() : input
    guard let line = CommandLineText.command(bytes) else { return }
    check(!line.isEmpty && line.count <= CommandLineText.longest, "a command line longer than a dialog's line")
    check(!line.unicodeScalars.contains {
        switch $0.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }, "a control or format character shown")
}

/// Any program of root's (or the agent's user's) can drop a question file: whatever its
/// bytes, one that is taken names a socket directly in the question's folder, a message of
/// one line, and asks for an entry, never a yes or a no; the agent's board asks it at most
/// once. An even first byte puts the rest under an `[Ask]` header with a socket, so the keys
/// are reached more often.
func checkSystemQuestion(_ input: [UInt8]) {
    let folder = "/run/systemd/ask-password"
    let header = Array("[Ask]\nSocket=\(folder)/sck.1\n".utf8)
    let bytes = input.first.map { $0 & 1 == 0 } == true ? header + input.dropFirst() : input
    let question: SystemQuestion
    do throws(SystemQuestion.Refusal) {
        question = try SystemQuestion(file: bytes, directory: folder)
    } catch {
        return
    }
    let name = question.socket.dropFirst(folder.count + 1)
    check(question.socket.hasPrefix(folder + "/") && !name.isEmpty && !name.contains("/"), "a socket outside the folder")
    check(!question.message.contains("\n"), "a message of more than one line")
    if case .entry = question.dialog.kind {} else { check(false, "a system question that asks no entry") }
    var board = SystemQuestionBoard()
    let found = [SystemQuestionBoard.Found(name: "ask.1", question: .success(question))]
    let first = board.update(found, now: 0, isRunning: { _ in true })
    board.ended("ask.1")
    check(board.update(found, now: 1, isRunning: { _ in true }).ask == nil, "a question asked twice")
    check(first.ask == (question.isWaiting(at: 0) ? "ask.1" : nil), "a waiting question not asked")
}

/// polkit's helper runs PAM, whose conversation a PAM module shapes as it likes: whatever it
/// says, asks or does, in any order, with the user answering or cancelling at any point, the
/// agent's conversation opens one dialog at a time, and only while an authentication is under
/// way (but the one that says why it failed, which does nothing at its end); withdraws only an
/// open dialog, once; hands an answer to the helper only when a question's dialog (never a
/// waiting one, never a withdrawn one) ended answered; and starts the helper again, or gives
/// up, only when it has ended.
extension PolkitConversation.Dialog {
    /// Whether it is part of an authentication under way (a question, a wait), not its end.
    var asks: Bool {
        if case .failed = self { return false }
        return true
    }
}

func checkPolkitConversation(_ input: [UInt8]) {
    var bytes = input.makeIterator()
    var conversation = PolkitConversation()
    var dialog: (PolkitConversation.Dialog, withdrawn: Bool)?
    var underWay = false, now: UInt64 = 0
    let words = PolkitQuestion(message: "Authentication is needed", user: "alice", prompt: "")
    while let byte = bytes.next() {
        var ended: Bool?
        let heard: PolkitConversation.Heard?
        switch byte % 8 {
        case 0: heard = .began(words)
        case 1: heard = .request(prompt: "Password: ", echo: byte & 8 != 0)
        case 2: heard = .message("Swipe your finger", isError: byte & 8 != 0)
        case 3: heard = .completed(authenticated: byte & 8 != 0)
        case 4: heard = .withdrawn
        case 5, 6: heard = nil; ended = byte % 8 == 5
        default: heard = nil; now += UInt64(byte) * 10_000
        }
        let moves: [PolkitConversation.Move]
        if let heard {
            // The C side says BEGIN only when no other authentication is under way there.
            if case .began = heard, underWay { continue }
            if case .began = heard { underWay = true }
            moves = conversation.hear(heard, now: now)
            if case .withdrawn = heard { underWay = false }
            if case .completed(true) = heard { underWay = false }
        } else if let answered = ended {
            guard let open = dialog else { continue }
            dialog = nil
            // A declining dialog's end may ask for another user instead ("Another user").
            let another = !answered && byte & 16 != 0
            moves = another ? conversation.dialogAskedForAnotherUser() : conversation.dialogEnded(answered: answered)
            if another, !open.withdrawn, open.0.asks {
                check(moves == [.anotherUser], "another user asked for from a question's dialog, not begun again")
            } else {
                check(!moves.contains(.anotherUser), "another user asked for where no question was open")
            }
            let responds = moves.contains(.respond)
            if case .waiting = open.0 { check(!responds, "a waiting dialog's end handed on an answer") }
            if case .failed = open.0 { check(moves.isEmpty || open.withdrawn, "a failure's dialog did something at its end") }
            check(!responds || (answered && !open.withdrawn), "an answer handed on that no question's dialog gave")
        } else {
            moves = conversation.tick(now: now)
        }
        for move in moves {
            switch move {
            case .open(let shown):
                check(dialog == nil, "a dialog opened over another")
                // (Why an authentication failed is said once it has ended.)
                if case .failed = shown {} else { check(underWay, "a dialog opened with no authentication under way") }
                dialog = (shown, false)
            case .withdrawDialog:
                check(dialog?.withdrawn == false, "a dialog withdrawn that is not open, or twice")
                dialog?.withdrawn = true
            case .respond:
                check(underWay, "an answer handed on with no authentication under way")
            case .retry:
                check(heard == .completed(authenticated: false), "the helper started again unasked")
            case .giveUp:
                check(heard == .completed(authenticated: false), "gave up while the helper runs")
                underWay = false
            case .cancel:
                underWay = false
            case .anotherUser:
                // The C side begins again at once, for the next user.
                check(underWay, "another user asked for with no authentication under way")
                check(conversation.hear(.began(words), now: now).isEmpty, "a new beginning did something at once")
            }
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    checkSettings(Array(UnsafeBufferPointer(start: data, count: size)))
    checkSystemQuestion(Array(UnsafeBufferPointer(start: data, count: size)))
    checkCommandLine(Array(UnsafeBufferPointer(start: data, count: size)))
    checkPolkitConversation(Array(UnsafeBufferPointer(start: data, count: size)))
    var input = ByteReader(bytes: UnsafeBufferPointer(start: data, count: size))
    let capacity = Int(input.next()) % PinField.capacityRange.upperBound + 1
    let policy: PastePolicy = input.next() & 1 == 0 ? .deny : .digits
    let field = try! PinField(capacity: capacity, pastePolicy: policy)
    var animator = Animator(count: capacity, duration: Double(input.next() % 5) / 10)

    let rows = Int(input.next() % 10) + 1, columns = Int(input.next() % 10) + 1
    let arrangement: Arrangement = input.next() & 1 == 0 ? .strip : .separate
    let frame = Size(width: Double(Int(input.next()) * 8), height: Double(Int(input.next()) * 4))
    let scale = [1, 2, 0.5, 3][Int(input.next() % 4)]
    checkLayout(LayoutRequest(rows: rows, columns: columns, arrangement: arrangement, frame: frame,
                              cellSize: Size(width: Double(input.next() % 80), height: Double(input.next() % 80)),
                              minimumGap: Double(input.next() % 20), scale: scale))

    var now = 0.0
    while !input.isAtEnd {
        let before = field.length
        let events: [FieldEvent]
        switch input.next() % 8 {
        case 0: events = field.type(0x30 + input.next() % 10)
        case 1: events = field.type(input.next())
        case 2: events = field.deleteBackward()
        case 3: events = field.clear()
        case 4: events = field.setText(input.take(Int(input.next() % 70)))
        case 5: events = field.paste(input.take(Int(input.next() % 70)))
        case 6:
            field.handOff { digits in check(digits.allSatisfy(PinField.isDigit), "handed off a non-digit") }
            check(field.length == 0, "hand-off left digits behind")
            events = []
        default:
            now += Double(input.next()) / 100
            events = []
        }
        checkField(field)
        let changed = events.contains { if case .changed = $0 { true } else { false } }
        let completions = events.filter { $0 == .completed }.count
        check(completions <= 1, "completed twice in one step")
        check((completions == 1) == (changed && field.isFull), "completed must fire exactly when a change fills the field")
        if events.contains(where: { if case .rejected = $0 { true } else { false } }) {
            check(field.length == before && events.count == 1, "a refused input changed the field")
        }
        animator.setLength(field.length, at: now)
        for i in 0..<capacity {
            let p = animator.presence(of: i, at: now)
            check(p >= 0 && p <= 1, "presence \(p) out of 0…1")
        }
        if let next = animator.nextDeadline(after: now, frameInterval: 1.0 / 60) {
            check(next > now, "a deadline in the past")
        }
    }
    return 0
}
