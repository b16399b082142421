// SPDX-License-Identifier: MIT
// Paste and copy: what an entry lets through, and the pasted bytes' way into it.

extension Page {
    /// A paste asked for (from the clipboard or the primary selection, at the pointer or into
    /// the focused entry): the host fetches it, unless the entry refuses pastes. A middle click
    /// in an entry's text pastes where it lands, as in GTK's entries: the caret goes there first.
    func requestPaste(from source: PasteSource, at point: Point?, now: Double, into effects: inout [PageEffect]) {
        if let point {
            guard let i = geometry.fields.firstIndex(where: { $0.contains(point) }) else { return }
            setFocus(i, into: &effects)
        }
        guard let i = focusedField else { return }
        guard fields[i].field.pastePolicy != .deny else {
            return apply([.rejected(.pasteDenied)], to: i, now: now, into: &effects)
        }
        if let point, fields[i].hasCaret { placeCaret(in: i, at: point) }
        pasteTarget = i
        effects.append(.fetchPaste(source))
    }

    /// Ctrl+C (Ctrl+X, `cutting`: what is copied is then deleted). An entry that holds no
    /// secret (a name, a code, ssh's answer) copies what is selected, as GTK's entries do, and
    /// nothing when nothing is; the workbench's plain field copies whole (seed 004). A secret is
    /// never copied, even shown: that is refused.
    func copy(cutting: Bool = false, now: Double, into effects: inout [PageEffect]) {
        guard let i = focusedField else { return }
        if copiesSelection(i) {
            // Nothing selected: nothing copied, nothing refused.
            guard let selected = fields[i].field.selection else { return }
            effects.append(.offerCopy(CopiedText(text(of: i, characters: selected))))
            if cutting { apply(fields[i].field.deleteForward(), to: i, now: now, into: &effects) }
        } else if fields[i].configuration.theme.secure || rules.purpose == .prompt {
            apply([.rejected(.copyDenied)], to: i, now: now, into: &effects)
        } else {
            effects.append(.offerCopy(CopiedText(text(of: i))))
            if cutting { apply(fields[i].field.clear(), to: i, now: now, into: &effects) }
        }
    }

    /// Whether entry `index` copies what is selected in it, as GTK's entries do: a prompt's
    /// entry that holds no secret.
    func copiesSelection(_ index: Int) -> Bool {
        rules.purpose == .prompt && index < fields.count && fields[index].holdsNoSecret
    }

    /// Characters `characters` of entry `index` (all of them: nil), copied into a locked buffer
    /// of their own.
    public func text(of index: Int, characters: Range<Int>? = nil) -> SecretBuffer {
        let secret = fields[index].field.secret
        let bytes = characters.map { secret.offset(ofCharacter: $0.lowerBound)..<secret.offset(ofCharacter: $0.upperBound) }
        return secret.withBytes { all in
            let part = UnsafeBufferPointer(rebasing: all[bytes ?? 0..<all.count])
            let copy = SecretBuffer(capacity: max(1, part.count))
            copy.append(contentsOf: part)
            return copy
        }
    }

    /// What is selected in an entry that holds no secret: offered as the PRIMARY selection,
    /// as GTK's entries offer theirs, for a middle click elsewhere to paste. A secret's
    /// selection never is.
    public var primarySelection: EntrySelection? {
        for i in fields.indices where copiesSelection(i) {
            if let selected = fields[i].field.selection { return EntrySelection(field: i, characters: selected) }
        }
        return nil
    }

    /// What the host fetched for the paste asked for last.
    func takePaste(_ result: PasteResult, now: Double, into effects: inout [PageEffect]) {
        guard let target = pasteTarget else { return }
        pasteTarget = nil
        switch result {
        case .bytes(let pasted):
            // Straight from the locked buffer into the field's, then wiped: it may have been a
            // passphrase.
            let events = pasted.withBytes { fields[target].field.paste($0) }
            pasted.wipe()
            apply(events, to: target, now: now, into: &effects)
        case .tooBig: apply([.rejected(.pasteTooLong)], to: target, now: now, into: &effects)
        case .unavailable: apply([.rejected(.pasteUnavailable)], to: target, now: now, into: &effects)
        }
    }
}
