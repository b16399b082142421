import CSystem
import CText
import PinBoxCore
import PinBoxRender

// Draws one paragraph the way a dialog's description is drawn and writes it as a PNG: a
// start-up probe (time from exec to a written frame, with and without Pango) and a way to look
// at text in any language. Not shipped.
//
//   pinbox-text-probe OUT.png TEXT [WIDTH] [SIZE]
// Prints "pango" on stdout when Pango is mapped into the process afterwards, "plain" when not.

let argc = Int(pinbox_argc())
func argument(_ i: Int) -> String { String(cString: pinbox_argv()[i]!) }
func say(_ fd: Int32, _ line: String) { _ = write(fd, line + "\n", line.utf8.count + 1) }

guard argc >= 3 else {
    say(2, "usage: pinbox-text-probe OUT.png TEXT [WIDTH] [SIZE]")
    exit(2)
}
let width = argc > 3 ? Double(argument(3)) ?? 360 : 360
let style = TextStyle(size: argc > 4 ? Double(argument(4)) ?? 15 : 15, color: Color(rgb: 0x1f2329))
let text = argument(2)
let size = TextLayout.measure(text, style: style, width: width)
do {
    let canvas = try Canvas(width: Int(width) + 32, height: Int(size.height) + 32)
    TextLayout.draw(text, style: style, width: width, at: Point(x: 16, y: 16), on: canvas)
    try canvas.writePNG(to: argument(1))
} catch {
    say(2, error.message)
    exit(1)
}
say(1, pinbox_pango_is_mapped() != 0 ? "pango" : "plain")
