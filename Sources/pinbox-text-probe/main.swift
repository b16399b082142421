import CSystem
import CText
import PinBoxCore
import PinBoxRender

// Draws one paragraph the way a dialog's description is drawn and writes it as a PNG: a
// start-up probe (time from exec to a written frame, with and without Pango) and a way to look
// at text in any language. Not shipped.
//
//   pinbox-text-probe OUT.png TEXT [WIDTH] [SIZE] [REPEAT]
// Prints "pango" on stdout when Pango is mapped into the process afterwards, "plain" when not;
// with REPEAT, first the microseconds one more measure-and-draw takes, once warm (the median).

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
if argc > 5, let repeats = Int(argument(5)), repeats > 0, let canvas = try? Canvas(width: Int(width) + 32, height: Int(size.height) + 32) {
    func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) * 1e6 + Double(ts.tv_nsec) / 1e3
    }
    var samples: [Double] = []
    for _ in 0..<repeats {
        let start = now()
        let block = TextLayout.measure(text, style: style, width: width)
        TextLayout.draw(text, style: style, width: block.width, at: Point(x: 16, y: 16), on: canvas)
        samples.append(now() - start)
    }
    say(1, "\(Int(samples.sorted()[repeats / 2])) us")
}
say(1, pinbox_pango_is_mapped() != 0 ? "pango" : "plain")
