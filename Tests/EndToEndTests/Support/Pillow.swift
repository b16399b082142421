// SPDX-License-Identifier: MIT
import Foundation

/// Pillow, a decoder that is not PinBox, run on a file: `script` gets the arguments in
/// `sys.argv[1:]`; its stdout comes back. Throws when it fails.
func pillow(_ script: String, _ arguments: [String]) throws -> String {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    p.arguments = ["-c", "import sys\nfrom PIL import Image\n" + script] + arguments
    let out = Pipe()
    p.standardOutput = out
    try p.run()
    let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    p.waitUntilExit()
    guard p.terminationStatus == 0 else { throw TestFailure("Pillow could not read \(arguments.first ?? "")") }
    return text
}

/// A GIF as Pillow reads it: each frame's delay in milliseconds, and its size.
func gifFrames(_ path: String) throws -> (delays: [Int], width: Int, height: Int) {
    let words = try pillow("""
        im = Image.open(sys.argv[1])
        d = []
        for i in range(im.n_frames):
            im.seek(i); d.append(im.info.get('duration', 0))
        print(im.size[0], im.size[1], *d)
        """, [path]).split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
    guard words.count >= 3 else { throw TestFailure("Pillow read no frame in \(path)") }
    return (Array(words.dropFirst(2)), words[0], words[1])
}
