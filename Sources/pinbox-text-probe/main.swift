// SPDX-License-Identifier: MIT
import CSystem
import CText
import PinBoxCore
import PinBoxRender

// Draws one paragraph the way a dialog's description is drawn and writes it as a PNG: a
// start-up probe (time from exec to a written frame, with and without Pango) and a way to look
// at text in any language. Not shipped.
//
//   pinbox-text-probe OUT.png TEXT [--width W] [--size S] [--max-height H] [--lang LOCALE] [--repeat N]
// Prints "pango" on stdout when Pango is mapped into the process afterwards, "plain" when not;
// with --repeat, first the microseconds one more measure-and-draw takes, once warm (the median).
// The language is the environment's (LC_ALL, LC_CTYPE, LANG) unless --lang names a locale.

let argc = Int(pinbox_argc())
func argument(_ i: Int) -> String { String(cString: pinbox_argv()[i]!) }
func say(_ fd: Int32, _ line: String) { _ = write(fd, line + "\n", line.utf8.count + 1) }
func usage() -> Never {
    say(2, "usage: pinbox-text-probe OUT.png TEXT [--width W] [--size S] [--max-height H] [--lang LOCALE] [--repeat N]")
    exit(2)
}

// In a function: Embedded Swift takes no mutable globals, and top-level variables are globals.
func probe() {
    guard argc >= 3, argc % 2 == 1 else { usage() }
    var width = 360.0, size = 15.0, maxHeight: Double?, repeats = 0
    for i in stride(from: 3, to: argc, by: 2) {
        let value = argument(i + 1)
        switch argument(i) {
        case "--width": width = Double(value) ?? width
        case "--size": size = Double(value) ?? size
        case "--max-height": maxHeight = Double(value)
        case "--lang": TextLayout.setLanguage(value)
        case "--repeat": repeats = Int(value) ?? 0
        default: usage()
        }
    }
    let style = TextStyle(size: size, color: Color(rgb: 0x1f2329), maxHeight: maxHeight)
    let text = argument(2)
    let block = TextLayout.measure(text, style: style, width: width)
    do {
        let canvas = try Canvas(width: Int(width) + 32, height: Int(block.height) + 32)
        TextLayout.draw(text, style: style, width: width, at: Point(x: 16, y: 16), on: canvas)
        try canvas.writePNG(to: argument(1))
    } catch {
        say(2, error.message)
        exit(1)
    }
    if repeats > 0, let canvas = try? Canvas(width: Int(width) + 32, height: Int(block.height) + 32) {
        func now() -> Double {
            var ts = timespec()
            clock_gettime(CLOCK_MONOTONIC, &ts)
            return Double(ts.tv_sec) * 1e6 + Double(ts.tv_nsec) / 1e3
        }
        var samples: [Double] = []
        for _ in 0..<repeats {
            let start = now()
            _ = TextLayout.measure(text, style: style, width: width)
            TextLayout.draw(text, style: style, width: width, at: Point(x: 16, y: 16), on: canvas)
            samples.append(now() - start)
        }
        say(1, "\(Int(samples.sorted()[repeats / 2])) us")
    }
    say(1, pinbox_pango_is_mapped() != 0 ? "pango" : "plain")
}

probe()
