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

    func copy(now: Double, into effects: inout [PageEffect]) {
        guard let i = focusedField else { return }
        // A prompt's entry is a secret even when it is shown: only the workbench copies.
        if fields[i].configuration.theme.secure || rules.purpose == .prompt {
            apply([.rejected(.copyDenied)], to: i, now: now, into: &effects)
        } else {
            effects.append(.offerCopy(field: i))
        }
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
