// SPDX-License-Identifier: MIT
import CX11
import PinBoxCore

/// Serves a plain field's text on the CLIPBOARD (seed 004 allows copying plain text on the
/// workbench; a secure field and a prompt never get here). Answers TARGETS, UTF8_STRING and
/// STRING; anything else is refused. The text is kept in a locked buffer and wiped as soon as
/// another client takes the clipboard, or when the window ends.
struct SelectionOwner {
    private var text: SecretBuffer?
    private var owning = false

    mutating func own(_ bytes: SecretBuffer, window: XWindow) {
        text?.wipe()
        text = bytes
        XSetSelectionOwner(window.display.handle, window.display.atoms.clipboard, window.id, UInt(CurrentTime))
        owning = XGetSelectionOwner(window.display.handle, window.display.atoms.clipboard) == window.id
    }

    /// Another client owns the clipboard now.
    mutating func lost(_ event: XSelectionClearEvent, window: XWindow) {
        guard event.selection == window.display.atoms.clipboard else { return }
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
        if !owning || request.selection != atoms.clipboard || text == nil {
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
