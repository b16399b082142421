// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import Testing

/// gpg-agent tells the pinentry the language of its texts (`OPTION lc-ctype`), which may differ
/// from the pinentry's own locale: a Japanese description then draws with Japanese glyph forms
/// in the window, whatever LANG says.
@Suite("The pinentry's language", .endToEnd)
struct PinentryLanguageTests {
    /// The ideographs whose Japanese and Chinese forms differ.
    static let description = "直骨化"

    /// The rows of a dialog that hold its one-line description (the dialog's first text: the
    /// title is the window's).
    static let band = 8..<46

    /// `pinbox render` of the dialog the pinentry shows below, under `locale`.
    func rendered(locale: String) throws -> [UInt32] {
        let png = NSTemporaryDirectory() + "pinbox-language-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: png) }
        let child = try Child([PinBoxProcess.binary, "render", "--dialog", "passphrase", "--title", "Unlock",
                               "--description", Self.description, "--prompt", "Passphrase", "--out", png],
                              environment: ["LANG": locale, "LC_ALL": "", "LC_CTYPE": ""], capture: true)
        try #require(child.wait() == 0, "render: \(String(decoding: child.read().err, as: UTF8.self))")
        return Array(try pngRows(png)[Self.band].joined())
    }

    /// The description's rows of the window a pinentry opens for `commands` under `locale`.
    func shown(locale: String, commands: String, xvfb: Xvfb) throws -> [UInt32] {
        let pinentry = try Child([PinBoxProcess.binary, "pinentry"],
                                 environment: ["DISPLAY": xvfb.display, "LANG": locale, "LC_ALL": "", "LC_CTYPE": ""],
                                 capture: true, interactive: true)
        pinentry.send(commands + "SETTITLE Unlock\nSETDESC \(Self.description)\nSETPROMPT Passphrase:\nGETPIN\n")
        let (found, ids) = try run(["xdotool", "search", "--sync", "--onlyvisible", "--pid", String(pinentry.pid)],
                                   display: xvfb.display)
        try #require(found == 0, "no pinentry window")
        let id = try #require(ids.split(separator: "\n").first.map(String.init))
        let x = try XClient(xvfb.display)
        let window = "0x" + String(UInt(id)!, radix: 16)
        let width = Int(x.size(of: window).width)
        let pixels = x.stillPixels(window, width: width, height: Self.band.upperBound)
        // Through XTEST, press and release alike (the pinentry holds the keyboard). With
        // --window, xdotool sends each half by XTEST only while the window has the focus: the
        // press ended the dialog, the release went by XSendEvent, and Escape stayed down on the
        // server, auto-repeating into the next pinentries, which each cancelled at once.
        _ = try run(["xdotool", "key", "Escape"], display: xvfb.display)
        pinentry.send("BYE\n")
        pinentry.closeInput()
        _ = pinentry.wait()
        return Array(pixels[(Self.band.lowerBound * width)...])
    }

    @Test func theAgentsLanguageDecidesTheGlyphFormsInTheWindow() throws {
        let japanese = try rendered(locale: "ja_JP.UTF-8"), chinese = try rendered(locale: "zh_CN.UTF-8")
        #expect(differing(japanese, chinese) > 50, "the two forms must differ for the test to mean anything")
        let xvfb = try Xvfb()
        // LANG says nothing of Japanese; the agent does.
        let told = try shown(locale: "C.UTF-8", commands: "OPTION lc-ctype=ja_JP.UTF-8\n", xvfb: xvfb)
        #expect(differing(told, japanese) == 0, "OPTION lc-ctype=ja_JP.UTF-8 under LANG=C.UTF-8 draws the Japanese forms")
        // The agent's word wins over the locale, both ways.
        let toJapanese = try shown(locale: "zh_CN.UTF-8", commands: "OPTION lc-ctype=ja_JP.UTF-8\n", xvfb: xvfb)
        #expect(differing(toJapanese, japanese) == 0, "OPTION lc-ctype=ja_JP.UTF-8 under LANG=zh_CN.UTF-8")
        let toChinese = try shown(locale: "ja_JP.UTF-8", commands: "OPTION lc-ctype=zh_CN.UTF-8\n", xvfb: xvfb)
        #expect(differing(toChinese, chinese) == 0, "OPTION lc-ctype=zh_CN.UTF-8 under LANG=ja_JP.UTF-8")
        let unsaid = try shown(locale: "ja_JP.UTF-8", commands: "", xvfb: xvfb)
        #expect(differing(unsaid, japanese) == 0, "without lc-ctype, the pinentry's own locale")
    }
}

extension PinentryLanguageTests {
    /// The Compose table follows the agent's `lc-ctype` too: the locale of the user's terminal,
    /// where the agent's process (and so the pinentry's environment) may have another. The
    /// Arabic layout's lam-alef key (keysym U+FEFB) is two letters by the en_US.UTF-8 table's
    /// one-key rule, and itself under el_GR.UTF-8's, which has none. It followed only LANG.
    @Test func theAgentsLanguagePicksTheComposeTable() throws {
        let xvfb = try Xvfb()
        func typed(locale: String, lcCtype: String) throws -> String {
            let pinentry = try Child([PinBoxProcess.binary, "pinentry"],
                                     environment: ["DISPLAY": xvfb.display, "LANG": locale, "LC_ALL": "", "LC_CTYPE": ""],
                                     capture: true, interactive: true)
            pinentry.send("OPTION lc-ctype=\(lcCtype)\nSETPROMPT Passphrase:\nGETPIN\n")
            let (found, _) = try run(["xdotool", "search", "--sync", "--onlyvisible", "--pid", String(pinentry.pid)],
                                     display: xvfb.display)
            try #require(found == 0, "no pinentry window")
            let x = try XClient(xvfb.display)
            let probe = x.makeWindow()
            try waitUntil("the pinentry holds the keyboard") { x.keyboardIsHeldElsewhere(probe: probe) }
            try xdotool(["key", "--delay", "30", "UFEFB", "b", "Return"], display: xvfb.display)
            var text = ""
            try pinentry.readUntil("D ", into: &text)
            pinentry.send("BYE\n")
            pinentry.closeInput()
            _ = pinentry.wait()
            text += String(decoding: pinentry.read().out, as: UTF8.self)
            return text.split(separator: "\n").first { $0.hasPrefix("D ") }.map { String($0.dropFirst(2)) } ?? text
        }
        #expect(try typed(locale: "C.UTF-8", lcCtype: "el_GR.UTF-8") == "\u{FEFB}b")
        // The agent's word wins over the environment, the other way too.
        #expect(try typed(locale: "el_GR.UTF-8", lcCtype: "en_US.UTF-8") == "\u{0644}\u{0627}b")
    }
}

/// How many pixels differ between two pictures of the same size (all when the sizes differ).
private func differing(_ a: [UInt32], _ b: [UInt32]) -> Int {
    a.count == b.count ? zip(a, b).filter { $0 != $1 }.count : max(a.count, b.count)
}

/// A PNG's pixels, row by row, as 0xRRGGBB, as Pillow (a decoder that is not PinBox) reads them.
private func pngRows(_ png: String) throws -> [[UInt32]] {
    try pillow("""
        im = Image.open(sys.argv[1]).convert("RGB")
        w, h = im.size
        px = im.load()
        for y in range(h):
            print(" ".join("%06x" % ((px[x, y][0] << 16) | (px[x, y][1] << 8) | px[x, y][2]) for x in range(w)))
        """, [png]).split(separator: "\n").map { line in line.split(separator: " ").map { UInt32($0, radix: 16) ?? 0 } }
}
