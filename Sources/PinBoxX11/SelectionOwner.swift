// SPDX-License-Identifier: MIT
import CX11
import PinBoxCore

/// Serves text on one selection: the CLIPBOARD (what Ctrl+C copied: a name's selection, the
/// workbench's plain field, which seed 004 lets copy) or PRIMARY (what is selected in a name,
/// as GTK's entries offer it). A secret never gets here. Answers TARGETS, UTF8_STRING and
/// STRING; anything else is refused. The text is kept in a locked buffer and wiped as soon as
/// another client takes the selection, the page lets it go, or the window ends.
struct SelectionOwner {
    /// The selection served.
    let source: PasteSource
    private var text: SecretBuffer?
    private var owning = false

    init(_ source: PasteSource) { self.source = source }

    private func selection(_ window: XWindow) -> Atom {
        source == .clipboard ? window.display.atoms.clipboard : window.display.atoms.primary
    }

    /// Serves `bytes` from now on: the selection is taken, unless it is held already.
    mutating func own(_ bytes: SecretBuffer, window: XWindow) {
        text?.wipe()
        text = bytes
        guard !owning else { return }
        XSetSelectionOwner(window.display.handle, selection(window), window.id, UInt(CurrentTime))
        owning = XGetSelectionOwner(window.display.handle, selection(window)) == window.id
    }

    /// Nothing is to be served any more (a name's selection went): let go, as GTK's entry does.
    mutating func release(window: XWindow) {
        if owning { XSetSelectionOwner(window.display.handle, selection(window), 0, UInt(CurrentTime)) }
        owning = false
        forget()
    }

    /// Whether `selection` is the one served.
    func serves(_ selection: Atom, window: XWindow) -> Bool { selection == self.selection(window) }

    /// Another client owns the selection now, or the window let it go: the clear of a
    /// selection let go may arrive after it was taken again, and then it is still served.
    mutating func lost(_ event: XSelectionClearEvent, window: XWindow) {
        guard serves(event.selection, window: window), owning,
              XGetSelectionOwner(window.display.handle, selection(window)) != window.id else { return }
        owning = false
        forget()
    }

    /// Wipes the text (the window is ending, or the clipboard went to another client).
    mutating func forget() {
        text?.wipe()
        text = nil
    }

    func answer(_ request: XSelectionRequestEvent, window: XWindow) {
        let d = window.display.handle, atoms = window.display.atoms
        var property = request.property == 0 ? request.target : request.property
        if !owning || !serves(request.selection, window: window) || text == nil {
            property = 0
        } else if request.target == atoms.targets {
            var list = [Int(atoms.targets), Int(atoms.utf8String), Int(XA_STRING)]
            list.withUnsafeMutableBytes {
                _ = XChangeProperty(d, request.requestor, property, Atom(XA_ATOM), 32, PropModeReplace,
                                    $0.baseAddress!.assumingMemoryBound(to: UInt8.self), 3)
            }
        } else if let text, request.target == atoms.utf8String || request.target == Atom(XA_STRING) {
            text.withBytes { bytes in
                _ = XChangeProperty(d, request.requestor, property, request.target, 8, PropModeReplace,
                                    bytes.baseAddress, Int32(bytes.count))
            }
        } else {
            property = 0
        }
        var reply = XEvent()
        reply.xselection.type = SelectionNotify
        reply.xselection.requestor = request.requestor
        reply.xselection.selection = request.selection
        reply.xselection.target = request.target
        reply.xselection.property = property
        reply.xselection.time = request.time
        XSendEvent(d, request.requestor, 0, 0, &reply)
    }
}
