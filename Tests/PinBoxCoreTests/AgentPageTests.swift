// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

/// Every character half an em wide, lines 1.3 em.
private func measure(_ text: String, _ style: TextStyle, _ width: Double?) -> Size {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let widest = Double(lines.map { $0.unicodeScalars.count }.max() ?? 0) * style.size / 2
    var count = 0.0
    for line in lines {
        let w = Double(line.unicodeScalars.count) * style.size / 2
        count += width.map { max(1, (w / $0).rounded(.up)) } ?? 1
    }
    return Size(width: min(widest, width ?? widest), height: count * (style.size * 1.3).rounded(.up))
}

private func secret(_ text: String) -> SecretBuffer {
    let buffer = SecretBuffer(capacity: max(1, text.utf8.count))
    buffer.append(contentsOf: Array(text.utf8))
    return buffer
}

private func newPassphrase(_ edit: (inout DialogSpec) -> Void = { _ in }) throws -> Page {
    var spec = DialogSpec(kind: .entry(.passphrase))
    spec.prompt = "Passphrase"
    spec.repeatPrompt = "Repeat"
    spec.accepts = .text
    spec.byteLimit = 255
    edit(&spec)
    return try spec.makePage(measure: measure)
}

private func type(_ page: Page, _ text: String, at now: Double = 0) {
    for c in text.unicodeScalars { _ = page.handle(.character(c), now: now) }
}

private func text(_ page: Page, _ field: Int) -> String {
    page.fields[field].field.secret.withBytes { String(decoding: $0, as: UTF8.self) }
}

/// What gpg-agent adds to a passphrase dialog: the password manager's checkbox, Suggest,
/// its constraint hints and the check before OK.
@Suite("Page: gpg-agent's offers")
struct AgentPageTests {
    /// Show's own `_S` is the checkbox's: it takes the next free letter, so Alt+S does one thing.
    @Test func showGivesUpALetterTheCheckboxHas() throws {
        let page = try newPassphrase {
            $0.savePasswordLabel = "_Save in password manager"
            $0.reveal = RevealButton()
        }
        let keys = page.content.buttons.compactMap(\.mnemonic)
        #expect(Set(keys).count == keys.count, "\(keys)")
        let show = try #require(page.content.buttons.first { $0.role == .reveal })
        #expect(show.text == "Show" && show.mnemonic == "h")
        #expect(PageButton(.reveal, label: "_Show", avoiding: []).mnemonic == "s", "no clash: its own letter")
        // Marked again, a literal underscore stays one.
        let again = PageButton(.reveal, label: "Sh__ow _x", avoiding: [PageButton(.ok, label: "_x")])
        #expect(again.text == "Sh_ow x" && again.mnemonic == "s")
    }

    /// A Japanese, Chinese or Korean Show written as GTK writes it, `表示(_S)`, beside the
    /// agent's `パスワードマネージャに保存(_S)`: the letter in the parentheses gives way to the
    /// first free one, so Alt with a letter still shows the passphrase, and the label says which
    /// (it kept an "(S)" that Alt+S did not mean). Hide follows once shown; a label in other
    /// parentheses is marked again from its text, as before.
    @Test func aParenthesisedLetterGivesWayInItsParentheses() throws {
        let page = try newPassphrase {
            $0.savePasswordLabel = "パスワードマネージャに保存(_S)"
            $0.reveal = RevealButton(showLabel: "表示(_S)", hideLabel: "隠す(_H)")
        }
        let keys = page.content.buttons.compactMap(\.mnemonic)
        #expect(Set(keys).count == keys.count, "\(keys)")
        let show = try #require(page.content.buttons.first { $0.role == .reveal })
        #expect(show.text == "表示(A)" && show.mnemonic == "a" && show.mnemonicIndex == 3, "\(show.text)")
        _ = page.handle(.mnemonic("a"), now: 0)
        let hide = try #require(page.content.buttons.first { $0.role == .reveal })
        #expect(hide.text == "隠す(H)" && hide.mnemonic == "h")
        let taken = [PageButton(.ok, label: "(_A) and _b")] + ["_s", "_c", "_o"].map { PageButton(.cancel, label: $0) }
        #expect(PageButton(.reveal, label: "显示(_S)", avoiding: taken).text == "显示(B)")
        #expect(PageButton(.reveal, label: "(_S) Show", avoiding: taken).mnemonic == "h", "not at the end: from the text")
    }

    /// gpg-agent's Chinese and Japanese show labels have no letter a key types (an input method
    /// makes them): no access key is promised, rather than Alt+使; a letter of any keyboard's
    /// script still is one.
    @Test func aLabelWithNoLetterAKeyTypesGetsNoAccessKey() {
        for label in ["使密码可见", "パスフレーズを表示する", "암호 표시", "ＳＨＯＷ"] {
            let button = PageButton(.reveal, label: label, avoiding: [])
            #expect(button.mnemonic == nil && button.mnemonicIndex == nil && button.text == label, "\(label)")
        }
        #expect(PageButton(.reveal, label: "显示 Show", avoiding: []).mnemonic == "s")
        #expect(PageButton(.reveal, label: "Показать", avoiding: []).mnemonic == "п")
        #expect(PageButton(.reveal, label: "إظهار", avoiding: []).mnemonic == "إ")
    }

    @Test func theCheckboxTogglesByKeyMnemonicAndClickAndIsHandedBack() throws {
        let page = try newPassphrase { $0.savePasswordLabel = "_Save in password manager"; $0.repeatPrompt = nil }
        #expect(page.content.buttons.map { $0.role } == [.savePassword, .cancel, .ok])
        #expect(!page.agent.savePassword)
        _ = page.handle(.mnemonic("s"), now: 0)
        #expect(page.agent.savePassword && page.outcome == nil)
        // Tab to it, Space ticks it off again; Space in the entry is a character.
        _ = page.handle(.focusNext, now: 0)
        #expect(page.focusName == "save-password")
        _ = page.handle(.character(" "), now: 0)
        #expect(!page.agent.savePassword)
        _ = page.handle(.resize(page.preferredSize), now: 0)
        guard case .dialog(let layout) = page.geometry else { Issue.record("not a dialog"); return }
        _ = page.handle(.click(layout.buttons[0].mid), now: 0)
        _ = page.handle(.release(layout.buttons[0].mid), now: 0)
        #expect(page.agent.savePassword)
        _ = page.handle(.focusPrevious, now: 0)
        type(page, "a b")
        #expect(text(page, 0) == "a b")
        #expect(page.handle(.submit, now: 1).contains(.deliver(field: 0)) && page.agent.savePassword)
    }

    /// Return with the check box focused (ticked by a click, or by Tab and Space) untick it
    /// and sent nothing, and another Return ticked it again: Return there is OK, as in
    /// pinentry-gtk-2, and the box stays as it was.
    @Test func returnOnTheCheckboxSendsThePassphraseWithTheBoxAsItIs() throws {
        let page = try newPassphrase { $0.savePasswordLabel = "_Save in password manager"; $0.repeatPrompt = nil }
        type(page, "pw")
        _ = page.handle(.focusNext, now: 0)
        #expect(page.focusName == "save-password")
        _ = page.handle(.character(" "), now: 0)
        #expect(page.agent.savePassword)
        #expect(page.handle(.submit, now: 1).contains(.deliver(field: 0)))
        #expect(page.agent.savePassword, "ticked as it was")
        #expect(page.outcome != nil)
    }

    /// The checkbox sits on its own row over the buttons, Suggest at the start of theirs.
    /// A button row wider than the dialog's default (a long Suggest label beside Show, Cancel
    /// and OK) widens the column, and both entries span it, ending where the row ends.
    /// Show turning into a longer Hide (German's Zeigen, Verbergen) moves nothing: the button is
    /// as wide as its wider label from the start, so the dialog keeps its width and the entries
    /// still end where the row does.
    @Test func showTurningIntoALongerHideMovesNothing() throws {
        let page = try newPassphrase {
            $0.suggestLabel = "Passphrase vorschlagen"
            $0.reveal = RevealButton(showLabel: "_Zeigen", hideLabel: "_Verbergen")
        }
        guard case .dialog(let before) = page.geometry else { Issue.record("not a dialog"); return }
        page.setRevealed(true)
        guard case .dialog(let after) = page.geometry else { Issue.record("not a dialog"); return }
        #expect(page.content.buttons.contains { $0.text == "Verbergen" }, "the control: the label changed")
        #expect(after.content == before.content && after.buttons == before.buttons && after.fields == before.fields)
    }

    @Test func entriesSpanAButtonRowWiderThanTheDefault() throws {
        let page = try newPassphrase { $0.suggestLabel = "Suggest a passphrase for me"; $0.reveal = RevealButton() }
        guard case .dialog(let layout) = page.geometry else { Issue.record("not a dialog"); return }
        #expect(layout.textWidth > DialogLayout.Metrics().width, "the control: the row widens the column")
        let cell = Theme.passphrase.cellSize.width
        for field in layout.fields {
            #expect(field.width > layout.textWidth - cell && field.width <= layout.textWidth,
                    "entry \(field.width) in a column of \(layout.textWidth)")
        }
        #expect(layout.buttons.map(\.maxX).max()! - layout.fields[0].maxX < cell)
    }

    @Test func whereTheyGo() throws {
        let page = try newPassphrase { $0.savePasswordLabel = "_Save in password manager"; $0.suggestLabel = "Suggest" }
        _ = page.handle(.resize(page.preferredSize), now: 0)
        guard case .dialog(let layout) = page.geometry else { Issue.record("not a dialog"); return }
        let (box, suggest, cancel, ok) = (layout.buttons[0], layout.buttons[1], layout.buttons[2], layout.buttons[3])
        #expect(box.x == layout.fields[0].x && box.maxY <= suggest.y)
        #expect(suggest.x == layout.fields[0].x && suggest.y == ok.y && cancel.maxX < ok.x)
        #expect(ok.maxX == layout.fields[0].x + layout.textWidth)
        #expect(layout.suggestion != nil && layout.suggestion!.maxY <= layout.error.y)
    }

    @Test func suggestFillsBothEntriesShowsItGroupedAndHidesOnTheNextKey() throws {
        let page = try newPassphrase {
            $0.suggestLabel = "Suggest"
            $0.groupsSuggestion = true
            $0.suggestionNote = "Note: The blanks are not part of the passphrase."
            $0.error = "an old error"
        }
        let before = page.preferredSize
        #expect(page.content.buttons.first?.role == .suggest && page.offersSuggestion)
        _ = page.handle(.focusNext, now: 0)
        _ = page.handle(.focusNext, now: 0)
        #expect(page.handle(.submit, now: 0) == [.report(.button(.suggest)), .suggest])
        let suggestion = secret("qrx5n3kzj8tbw7yfd1gp4ame6ocus9")
        _ = page.suggested(suggestion, now: 1)
        #expect(suggestion.isEmpty, "wiped once copied into the entries")
        #expect(text(page, 0) == "qrx5n3kzj8tbw7yfd1gp4ame6ocus9" && text(page, 1) == text(page, 0))
        let shown = page.scene(at: 1)
        #expect(shown.suggestion?.groups(of: shown.suggestionGroupSize) == ["qrx5n", "3kzj8", "tbw7y", "fd1gp", "4ame6", "ocus9"])
        #expect(shown.suggestion == page.suggestion)
        #expect(page.focusName == "ok" && page.content.error.isEmpty)
        #expect(page.preferredSize.height < before.height, "the error's line went with the error")
        #expect(page.preferredSize.width == before.width)
        _ = page.handle(.focusNext, now: 2)
        #expect(page.suggestion == nil && page.scene(at: 2).suggestion == nil)
        #expect(text(page, 0) == "qrx5n3kzj8tbw7yfd1gp4ame6ocus9", "hidden, not taken back")
    }

    @Test func anUngroupedSuggestionAndNone() throws {
        let page = try newPassphrase { $0.suggestLabel = "Suggest" }
        #expect(page.suggested(nil, now: 0).isEmpty && page.suggestion == nil)
        _ = page.suggested(secret("abcdefgh"), now: 0)
        let shown = page.scene(at: 0)
        #expect(shown.suggestionGroupSize == nil && shown.suggestion?.groups(of: nil) == ["abcdefgh"])
        // A suggestion a field cannot take is refused, said, and not shown.
        let small = try newPassphrase { $0.suggestLabel = "Suggest"; $0.byteLimit = 4 }
        _ = small.suggested(secret("abcdefgh"), now: 0)
        #expect(small.suggestion == nil && text(small, 0).isEmpty)
    }

    /// Under the agent's constraints OK asks first; a refusal is the error and the dialog
    /// stays with the entries kept; a pass hands the secret over.
    @Test func theCheckBeforeOK() throws {
        let page = try newPassphrase { $0.checksBeforeSubmit = true; $0.notes = "Please use letters and digits." }
        type(page, "short")
        _ = page.handle(.submit, now: 0)
        type(page, "short")
        #expect(page.handle(.submit, now: 1) == [.report(.button(.ok)), .check(field: 0)])
        #expect(page.outcome == nil)
        let before = page.preferredSize
        let refusal = "Passphrase Not Allowed\nWarning: You have entered an insecure passphrase."
        _ = page.checked(refusal: refusal, now: 2)
        #expect(page.content.error == refusal && page.outcome == nil && page.focusName == "entry")
        #expect(text(page, 0) == "short" && text(page, 1) == "short")
        #expect(page.preferredSize.height > before.height, "a longer error makes the dialog taller")
        _ = page.handle(.focusNext, now: 3)
        _ = page.handle(.focusNext, now: 3)
        _ = page.handle(.focusNext, now: 3)
        #expect(page.focusName == "ok")
        _ = page.handle(.submit, now: 3)
        #expect(page.checked(refusal: nil, now: 4) == [
            .report(.submit(field: "entry", index: 0, length: 5, reveal: false)), .deliver(field: 0), .finish(.submitted)])
    }

    @Test func theConstraintHintsAreNotesUnderTheEntries() throws {
        let page = try newPassphrase { $0.notes = "Please use letters and digits." }
        _ = page.handle(.resize(page.preferredSize), now: 0)
        guard case .dialog(let layout) = page.geometry else { Issue.record("not a dialog"); return }
        let notes = try #require(layout.notes)
        #expect(notes.y > layout.fields[1].maxY && notes.maxY < layout.error.y)
        #expect(try newPassphrase().preferredSize.height < page.preferredSize.height)
    }
}

/// The offers as a screen reader meets them.
@Suite("Page: gpg-agent's offers in the accessibility tree")
struct AgentAccessibilityTests {
    @Test func theBoxIsACheckBoxTickedOrNotAndTheHintsALabel() throws {
        var spec = DialogSpec(kind: .entry(.passphrase))
        spec.accepts = .text
        spec.byteLimit = 255
        spec.savePasswordLabel = "_Save in password manager"
        spec.suggestLabel = "Suggest"
        spec.notes = "Please use letters and digits."
        let page = try spec.makePage(measure: { text, style, _ in
            Size(width: Double(text.unicodeScalars.count) * style.size / 2, height: style.size * 1.3)
        })
        _ = page.handle(.resize(page.preferredSize), now: 0)
        func box() -> AccessibleNode? {
            AccessibleTree(page: page).children.first { $0.name == "Save in password manager" }
        }
        #expect(box()?.role == .checkBox && box()?.keyBinding == "<Alt>s")
        #expect(box().map { !$0.states.contains(.checked) } == true)
        _ = page.handle(.mnemonic("s"), now: 0)
        #expect(box()?.states.contains(.checked) == true)
        #expect(AccessibleTree(page: page).children.first { $0.name == "Suggest" }?.role == .pushButton)
        #expect(AccessibleTree(page: page).children.contains { $0.role == .label && $0.name == "Please use letters and digits." })
    }
}
