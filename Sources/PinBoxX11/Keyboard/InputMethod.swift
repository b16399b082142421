// SPDX-License-Identifier: MIT
import CInputMethod
import CX11
import CSystem
import PinBoxCore

/// The desktop's input method (IBus, Fcitx, uim), named by XMODIFIERS, for the entries that
/// hold no secret: a name in Chinese, Japanese or Korean is composed in it, as in any GTK or Qt
/// entry. It is looked for when such an entry comes to have the keys, never before: a PIN or a
/// passphrase dialog never talks to it. It has the keys only while such an entry has them: when
/// a passphrase has the focus its input context is destroyed, so that no key of a secret reaches
/// it (another program, which may learn what it is given) and nothing it sends then is taken.
final class InputMethod {
    private var method: OpaquePointer?
    /// The entry the method has the keys for (an input context, focused), or nil.
    private var entry: Int?
    var hasKeys: Bool { entry != nil }
    /// The entry wanted at the last `follow`: a method is looked for each time one comes to want
    /// it, and a desktop that names a method it does not run pays one look a focus.
    private var wantedBefore: Int?
    /// A method's server coming while a name has the keys (started, or restarted after it
    /// ended): looked for then too, as a GTK entry finds IBus once it runs.
    private var servers = InputMethodServers()
    /// What the method is composing, as last told: kept when it dies mid-word.
    private var composing = ""
    /// The method's server that stopped answering (its selection's owner), or 0: not looked
    /// for again while it holds the method's name, each look costing a wait.
    private var unanswering: UInt = 0

    /// Lets the method go (the window closes): before the display does, which Xlib's calls to
    /// it need.
    func close() {
        pinbox_im_close(method)
        method = nil
        entry = nil
    }

    /// Gives the method the keys for `wanted`, an entry that holds no secret and has the focus
    /// in a window that has the keys, or takes them back (nil). Another entry gets a context of
    /// its own: what the method was composing stays in the one it was composed in
    /// (`Page.keepPreedit`). Returns what a method that has gone (its server ended or stopped
    /// answering) left composing, to be typed: the keys are the dialog's again.
    func follow(_ wanted: Int?, display: XDisplay, window: XWindow) -> String? {
        defer { wantedBefore = wanted }
        if let method, pinbox_im_gone(method) != 0 {
            let stopped = pinbox_im_unanswering(method)
            if stopped != 0 { unanswering = stopped }
            close()
            servers.watch(true, display: display)
            defer { composing = "" }
            return composing.isEmpty ? nil : composing
        }
        if method == nil, let wanted, wanted != wantedBefore || servers.changed {
            method = pinbox_im_open(display.handle, window.id, &unanswering)
            servers.watch(method == nil && pinbox_im_named() != 0, display: display)
        }
        guard let method, wanted != entry else { return nil }
        if entry != nil { _ = pinbox_im_focus(method, 0) }
        entry = wanted != nil && pinbox_im_focus(method, 1) != 0 ? wanted : nil
        return nil
    }

    /// Hands `event` to the method (Xlib's XFilterEvent): true when it took it, a key it is
    /// composing with or a message of its own. A key goes only while it has the keys, and only
    /// the server's own: a key forged by another client is not the user's to give.
    func takes(_ event: inout XEvent) -> Bool {
        guard let method, pinbox_im_gone(method) == 0 else { return false }
        if event.type == KeyPress || event.type == KeyRelease {
            guard hasKeys, event.xkey.send_event == 0, event.xkey.keycode != 0 else { return false }
        }
        return withUnsafeMutablePointer(to: &event) { pinbox_im_filter(method, $0) } != 0
    }

    /// Whether `event` says a method's server came or went (`InputMethodServers`).
    func notice(_ event: XEvent, display: XDisplay) -> Bool { servers.notice(event, display: display) }

    /// Tells the method where the caret stands (`Page.inputMethodSpot`), for its candidates.
    func place(at spot: Point) {
        guard let method, hasKeys else { return }
        pinbox_im_spot(method, Int32(clamping: Int(spot.x)), Int32(clamping: Int(spot.y)))
    }

    /// Whether the method has just gone (its server ended, or stopped answering) and `follow`
    /// has yet to hand back what it left composing: before the key that found it gone.
    var wentAway: Bool { method.map { pinbox_im_gone($0) != 0 } ?? false }

    /// The text the method committed, which Xlib hands over as a key press of keycode 0 (no key
    /// has it: the server's are 8 to 255); nil for none.
    func committed(_ event: inout XEvent) -> String? {
        guard let method, hasKeys else { return nil }
        var text: UnsafeMutablePointer<CChar>?
        let length = withUnsafeMutablePointer(to: &event) { pinbox_im_committed(method, $0, &text) }
        defer { free(text) }
        guard length > 0, let text else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: text, count: Int(length)), as: UTF8.self)
    }

    /// The text being composed, its caret and the clause being converted, when it changed since
    /// last asked.
    func preeditChange() -> Preedit? {
        guard let method else { return nil }
        var caret: Int32 = 0
        let most = Int(PINBOX_IM_PREEDIT_MOST)
        let changed = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 4 * most) { bytes in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: most) { marked -> Preedit? in
                guard pinbox_im_preedit(method, bytes.baseAddress!, Int32(bytes.count), &caret, marked.baseAddress!) != 0
                else { return nil }
                let text = String(cString: bytes.baseAddress!)
                return Preedit(text: text, caret: Int(caret),
                               marked: Preedit.runs(count: text.unicodeScalars.count) { marked[$0] != 0 })
            }
        }
        if let changed { composing = changed.text }
        return changed
    }
}
