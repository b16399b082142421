// SPDX-License-Identifier: MIT
import CX11
import Foundation
import Glibc

/// Where a real caller (git, sudo, ssh, gpg-agent) meets PinBox: a private Xvfb, a temporary
/// folder anyone may enter holding the `pinbox-askpass` and `pinentry-pinbox` links, and the
/// PinBox windows that appear on the display, found by their process.
final class CallerDesk {
    let xvfb: Xvfb
    let x: XClient
    /// Removed at the end; 0755, so a test user can run the links in it.
    let dir: String
    var askpass: String { dir + "/pinbox-askpass" }
    var pinentry: String { dir + "/pinentry-pinbox" }
    /// The windows answered so far (pid/id): the next one is a new dialog.
    private var seen: Set<String> = []

    init() throws {
        xvfb = try Xvfb()
        x = try XClient(xvfb.display)
        dir = NSTemporaryDirectory() + "pinbox-callers-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o755])
        for link in [askpass, pinentry] {
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: PinBoxProcess.binary)
        }
    }

    deinit {
        // Our connections go before the server does, or Xlib would end the test runner.
        for client in [x] + clients { client.abandon() }
        xvfb.kill()
        try? FileManager.default.removeItem(atPath: dir)
    }

    private var clients: [XClient] = []

    /// Another X client on the display (one that grabs the keyboard), ended with the desk.
    func client() throws -> XClient {
        let client = try XClient(display)
        clients.append(client)
        return client
    }

    var display: String { xvfb.display }

    /// A PinBox dialog on screen.
    struct Dialog {
        let id: String
        let pid: String
        var width = 0
        var height = 0
    }

    /// Waits for a PinBox window not seen before (a new askpass, or the pinentry's next
    /// dialog), focuses it (unless told not to) and returns it.
    func nextDialog(timeout: Double = 20, focusing: Bool = true) throws -> Dialog {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let (_, out) = try run(["xdotool", "search", "--onlyvisible", "--class", "PinBox"], display: display)
            for decimal in out.split(separator: "\n").map(String.init) {
                let pid = try run(["xdotool", "getwindowpid", decimal], display: display).output
                    .trimmingCharacters(in: .whitespacesAndNewlines)
                // A window going away between the search and this read has no pid left: not a
                // new dialog (the last one's, as it closes; its id is reused by the next).
                guard !pid.isEmpty, !seen.contains(pid + "/" + decimal), let number = UInt(decimal) else { continue }
                seen.insert(pid + "/" + decimal)
                var dialog = Dialog(id: "0x" + String(number, radix: 16), pid: pid)
                if focusing { _ = try run(["xdotool", "windowfocus", "--sync", decimal], display: display) }
                let geometry = try run(["xdotool", "getwindowgeometry", "--shell", decimal], display: display).output
                for line in geometry.split(separator: "\n") {
                    let parts = line.split(separator: "=")
                    if parts.first == "WIDTH" { dialog.width = Int(parts[1]) ?? 0 }
                    if parts.first == "HEIGHT" { dialog.height = Int(parts[1]) ?? 0 }
                }
                return dialog
            }
            guard Date() < deadline else { throw TestFailure("no new PinBox dialog appeared within \(timeout) s") }
            usleep(20_000)
        }
    }

    /// The real `git credential fill` asking for https://git.example.com through the askpass on
    /// this display, in a home of its own (no helper, no system configuration); its output kept.
    func gitCredentialFill(environment more: [String: String] = [:]) throws -> Child {
        let home = dir + "/home"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        return try Child(["git", "-c", "credential.helper=", "credential", "fill"],
                         environment: ["GIT_ASKPASS": askpass, "DISPLAY": display, "HOME": home, "XDG_CONFIG_HOME": home,
                                       "GIT_CONFIG_NOSYSTEM": "1", "LANG": "C"].merging(more) { $1 },
                         input: Array("protocol=https\nhost=git.example.com\n\n".utf8), capture: true)
    }

    /// `pinbox-askpass PROMPT` on this display, as ssh starts it; its answer kept (ended, if
    /// still running, when the returned child goes).
    func ask(_ prompt: String, environment more: [String: String] = [:]) throws -> Child {
        try Child([askpass, prompt], environment: ["DISPLAY": display, "LANG": "C"].merging(more) { $1 }, capture: true)
    }

    /// Types `text` with real key presses (XTEST) into the focused window.
    func type(_ text: String) throws {
        try xdotool(["type", "--delay", "25", text], display: display)
    }

    func key(_ names: String...) throws { try key(names) }

    func key(_ names: [String]) throws {
        try xdotool(["key", "--delay", "30"] + names, display: display)
    }

    /// A left click at a point of a window, through XTEST as a mouse would.
    func click(_ dialog: Dialog, x px: Int, y py: Int) throws {
        try pointer(dialog, x: px, y: py, then: "click", "1")
    }

    /// Moves the pointer to a point of a window, then does `actions` (xdotool's `mousedown 1`,
    /// `mouseup 1`, `click 1`).
    func pointer(_ dialog: Dialog, x px: Int, y py: Int, then actions: String...) throws {
        _ = try run(["xdotool", "mousemove", "--window", String(XClient.window(dialog.id)), String(px), String(py)]
                    + actions, display: display)
    }

    /// The window's pixels once they hold still (two reads 0.1 s apart agree), at the size it
    /// has at each read: a dialog follows its page's size (the "Keyboard in use" page, a line
    /// under the entry). Each read holds the server for its two requests, so the window cannot
    /// change size between them: reading past its edge is an X error that ends the test runner.
    func pixels(_ dialog: inout Dialog, timeout: Double = 3) -> [UInt32] {
        func read() -> (Int, Int, [UInt32]) {
            XGrabServer(x.display)
            defer { XUngrabServer(x.display); XSync(x.display, 0) }
            var attributes = XWindowAttributes()
            guard XGetWindowAttributes(x.display, XClient.window(dialog.id), &attributes) != 0 else { return (0, 0, []) }
            let (w, h) = (Int(attributes.width), Int(attributes.height))
            return (w, h, x.pixels(dialog.id, width: w, height: h))
        }
        let deadline = Date().addingTimeInterval(timeout)
        var last = read()
        while Date() < deadline {
            usleep(100_000)
            let next = read()
            if next.0 == last.0 && next.1 == last.1 && next.2 == last.2 { break }
            last = next
        }
        (dialog.width, dialog.height) = (last.0, last.1)
        return last.2
    }

    /// How many of the window's pixels show red ink, once they hold still: the error line's
    /// words, drawn smoothed (the field's red border too, while it shows one).
    func redInk(_ dialog: inout Dialog) -> Int {
        pixels(&dialog).filter(Self.isRedInk).count
    }

    /// A pixel of red ink, the error line's colour or a smoothed edge of it.
    static func isRedInk(_ pixel: UInt32) -> Bool {
        pixel >> 16 & 0xff >= 0xa0 && pixel >> 8 & 0xff <= 0x70 && pixel & 0xff <= 0x70
    }

    /// The window's title as the window manager reads it (_NET_WM_NAME, UTF-8).
    func title(_ dialog: Dialog) -> String {
        String(decoding: x.properties(of: dialog.id)["_NET_WM_NAME"] ?? [], as: UTF8.self)
    }

    /// The centre of the default button, the one filled with the accent colour (Yes on ssh's
    /// host-key question, OK elsewhere): where a 9 × 9 block is all accent (a focus ring in
    /// the same colour is a 2-pixel line).
    static func defaultButton(in pixels: [UInt32], width: Int, height: Int) -> (x: Int, y: Int)? {
        let accent: UInt32 = 0x1565c0
        func solid(_ x: Int, _ y: Int) -> Bool {
            guard x >= 4, y >= 4, x + 4 < width, y + 4 < height else { return false }
            return (-4...4).allSatisfy { dy in (-4...4).allSatisfy { dx in pixels[(y + dy) * width + x + dx] == accent } }
        }
        var xs: [Int] = [], ys: [Int] = []
        for y in 0..<height {
            for x in 0..<width where pixels[y * width + x] == accent && solid(x, y) {
                xs.append(x)
                ys.append(y)
            }
        }
        guard !xs.isEmpty else { return nil }
        return ((xs.min()! + xs.max()!) / 2, (ys.min()! + ys.max()!) / 2)
    }

    /// Whether the dialog's first entry shows its caret within `seconds`: it is drawn focused.
    /// (The caret blinks: a picture without it alone says nothing.)
    func showsCaret(_ dialog: Dialog, within seconds: Double) throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try entry(dialog).caret != nil { return true }
            usleep(50_000)
        }
        return false
    }

    /// The dialog's first entry as its pixels show it. With `PINBOX_SCREENSHOTS=DIR`, the
    /// window is also saved there as `name`.png.
    func entry(_ dialog: Dialog, saving name: String? = nil) throws -> EntryInk {
        var dialog = dialog
        let pixels = self.pixels(&dialog)
        if let name, let directory = ProcessInfo.processInfo.environment["PINBOX_SCREENSHOTS"] {
            _ = try? run(["import", "-window", String(XClient.window(dialog.id)), directory + "/\(name).png"],
                         display: display)
        }
        guard let ink = EntryInk(pixels, width: dialog.width, height: dialog.height) else {
            throw TestFailure("no entry box in the \(dialog.width) × \(dialog.height) window")
        }
        return ink
    }
}

/// What the first entry of a dialog shows, read from the window's pixels: where its white box
/// is, and the runs of dark ink in it. Dots are equal discs at an even pitch; characters are
/// not.
struct EntryInk: CustomStringConvertible {
    /// The entry's box: rows and columns of white inside its frame.
    let rows: ClosedRange<Int>
    let columns: ClosedRange<Int>
    /// Columns with ink, as runs, left to right; and how tall the ink is.
    let runs: [ClosedRange<Int>]
    let inkHeight: Int
    /// Where the caret is, when it was on in this picture.
    let caret: Int?
    /// The entry's pixels, row by row: to compare two states of it.
    let picture: [UInt32]

    /// The first white box wider than 200 pixels, from the top; nil when the dialog has none.
    init?(_ pixels: [UInt32], width: Int, height: Int) {
        func white(_ x: Int, _ y: Int) -> Bool { pixels[y * width + x] == 0xffffff }
        func longestWhiteRun(_ y: Int) -> ClosedRange<Int>? {
            var best: ClosedRange<Int>?
            var start: Int?
            for x in 0...width {
                if x < width && white(x, y) { if start == nil { start = x } } else if let s = start {
                    if x - 1 - s > (best.map { $0.count } ?? 0) { best = s...(x - 1) }
                    start = nil
                }
            }
            return best
        }
        // The box starts at the first row with a white run wider than 200 pixels and goes on
        // while its rows hold white and nothing of the page around it (a row of characters is
        // white between them; the frame's bottom row has no white).
        guard let top = (0..<height).first(where: { (longestWhiteRun($0)?.count ?? 0) > 200 }) else { return nil }
        var span = longestWhiteRun(top)!
        var bottom = top
        let page: UInt32 = 0xf5f6f8
        for y in (top + 1)..<height {
            let row = span.map { pixels[y * width + $0] }
            guard row.contains(0xffffff), !row.contains(page) else { break }
            if let run = longestWhiteRun(y), run.count > 200 {
                // The widest extent over the rows: the top rows are cut by the rounded corners.
                span = min(span.lowerBound, run.lowerBound)...max(span.upperBound, run.upperBound)
            }
            bottom = y
        }
        guard bottom - top > 10 else { return nil }
        rows = top...bottom
        columns = span
        // Each column's ink: whether it has any, and from where to where.
        var columnsInk: [(top: Int, bottom: Int)?] = []
        for x in span {
            var top: Int?, bottom = 0
            for y in rows {
                let p = pixels[y * width + x]
                let luminance = ((p >> 16) & 0xff) + ((p >> 8) & 0xff) + (p & 0xff)
                if luminance < 3 * 0x90 {
                    if top == nil { top = y }
                    bottom = y
                }
            }
            columnsInk.append(top.map { ($0, bottom) })
        }
        var runs: [ClosedRange<Int>] = []
        var caretColumns: [Int] = []
        var inkTop = Int.max, inkBottom = Int.min
        var start: Int?
        for (i, ink) in (columnsInk + [nil]).enumerated() {
            if ink != nil, start == nil { start = i }
            guard ink == nil, let s = start else { continue }
            start = nil
            let top = columnsInk[s...(i - 1)].map { $0!.top }.min()!
            let bottom = columnsInk[s...(i - 1)].map { $0!.bottom }.max()!
            // The caret: a bar a pixel or two wide and a line high. It blinks, so it is left out
            // of the runs and of the picture: a test sees the same entry whether it is on or off.
            if i - s <= 3 && bottom - top + 1 >= 14 {
                caretColumns += Array(s..<i)
                continue
            }
            runs.append((span.lowerBound + s)...(span.lowerBound + i - 1))
            inkTop = min(inkTop, top)
            inkBottom = max(inkBottom, bottom)
        }
        var picture: [UInt32] = []
        for y in rows {
            for (i, x) in span.enumerated() { picture.append(caretColumns.contains(i) ? 0xffffff : pixels[y * width + x]) }
        }
        self.picture = picture
        self.runs = runs
        caret = caretColumns.first.map { span.lowerBound + $0 }
        inkHeight = inkTop <= inkBottom ? inkBottom - inkTop + 1 : 0
    }

    /// The row through the middle of the box: where a click lands on what it holds.
    var middleRow: Int { (rows.lowerBound + rows.upperBound) / 2 }

    /// The column halfway between run `k - 1` and run `k` (between two dots, say).
    func column(between k: Int) -> Int { (runs[k - 1].upperBound + runs[k].lowerBound) / 2 }

    /// `count` dots: that many ink runs of one width (a disc's), at one pitch (a cell's).
    func isDots(_ count: Int) -> Bool {
        guard runs.count == count, let first = runs.first else { return false }
        let widths = Set(runs.map { $0.count })
        let pitches = Set(zip(runs, runs.dropFirst()).map { $1.lowerBound - $0.lowerBound })
        return widths.count == 1 && first.count <= 12 && pitches.count <= 1 && inkHeight <= 12
    }

    /// The columns where the selection's colour shows (a light blue: blue well above red, and
    /// light), or nil: selected text, or the clause an input method is converting.
    var selected: ClosedRange<Int>? {
        let width = columns.count
        var shown: [Int] = []
        for (i, p) in picture.enumerated() {
            let (r, g, b) = (Int(p >> 16 & 0xff), Int(p >> 8 & 0xff), Int(p & 0xff))
            if b > r + 30 && b > g + 10 && r > 150 { shown.append(columns.lowerBound + i % width) }
        }
        guard let low = shown.min(), let high = shown.max() else { return nil }
        return low...high
    }

    var description: String { "entry \(rows) × \(columns), ink runs \(runs), ink \(inkHeight) px tall" }
}

/// The rows of a `width`-wide picture crossed by a run of `least` pixels or more of `colour`
/// (0xRRGGBB): a filled box's rows, where text drawn in that colour has only a few at its edges.
func rows(of pixels: [UInt32], width: Int, withRunOf colour: UInt32, least: Int = 100) -> [Int] {
    guard width > 0 else { return [] }
    return (0..<pixels.count / width).filter { y in
        var run = 0
        for x in 0..<width {
            run = pixels[y * width + x] & 0xffffff == colour ? run + 1 : 0
            if run >= least { return true }
        }
        return false
    }
}
