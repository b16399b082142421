// SPDX-License-Identifier: MIT
import Foundation
import Testing
import PinBoxCore
@testable import PinBoxRender

/// A dialog's description in the languages the prompt must show.
enum Paragraph {
    static let english = "PinBox needs the passphrase for the key /home/user/.ssh/id_ed25519 to sign in to example.org. "
        + "Type it and press Return, or press Escape to cancel."
    static let chinese = "请输入密钥 /home/user/.ssh/id_ed25519 的密码短语，以便登录 example.org。输入后按回车键确认，按 Esc 键取消。"
    static let japanese = "鍵 id_ed25519 のパスフレーズを入力してください。"
    static let korean = "키 id_ed25519의 암호를 입력하십시오."
    static let russian = "Введите парольную фразу для ключа /home/user/.ssh/id_ed25519, чтобы войти на example.org. "
        + "Нажмите Enter для подтверждения или Escape для отмены."
    static let greek = "Εισαγάγετε τη φράση πρόσβασης για το κλειδί id_ed25519."
    static let arabic = "أدخل عبارة المرور للمفتاح /home/user/.ssh/id_ed25519 لتسجيل الدخول إلى example.org. "
        + "اضغط على Enter للتأكيد أو Escape للإلغاء."
    static let hebrew = "הזן את ביטוי הסיסמה עבור המפתח id_ed25519 כדי להתחבר אל example.org. לחץ Enter לאישור."

    static let all: [(String, String)] = [
        ("English", english), ("Chinese", chinese), ("Japanese", japanese), ("Korean", korean),
        ("Russian", russian), ("Greek", greek), ("Arabic", arabic), ("Hebrew", hebrew),
    ]
}

/// The bounding box of every pixel that is not white, and how many there are.
struct Ink: CustomStringConvertible {
    var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min, count = 0
    var width: Int { count == 0 ? 0 : maxX - minX + 1 }
    var height: Int { count == 0 ? 0 : maxY - minY + 1 }
    var description: String { "ink x \(minX)...\(maxX) y \(minY)...\(maxY), \(count) px" }

    init(_ canvas: Canvas, rows: Range<Int>? = nil) {
        canvas.flush()
        let (data, stride) = canvas.pixelStorage
        for y in rows ?? 0..<canvas.height {
            for x in 0..<canvas.width where data.load(fromByteOffset: y * stride + x * 4, as: UInt32.self) & 0xffffff != 0xffffff {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y); count += 1
            }
        }
    }
}

/// The pixels of a canvas, to compare two drawings.
func pixels(_ canvas: Canvas, rows: Range<Int>? = nil) -> [UInt32] {
    (rows ?? 0..<canvas.height).flatMap { y in (0..<canvas.width).map { x in canvas.pixel(x: x, y: y) } }
}

/// The pixels of the ink's bounding box, row by row: the same glyph drawn anywhere gives the same.
func inkImage(_ canvas: Canvas) -> [[UInt32]] {
    let ink = Ink(canvas)
    guard ink.count > 0 else { return [] }
    return (ink.minY...ink.maxY).map { y in (ink.minX...ink.maxX).map { canvas.pixel(x: $0, y: y) } }
}

let body = TextStyle(size: 15)

/// Draws `text` at (20, 20) on a canvas with a 20-pixel margin around the wrapping width (or
/// the measured width), and returns it with the metrics.
func drawn(_ text: String, style: TextStyle = body, width: Double?) throws -> (Canvas, TextMetrics) {
    let metrics = TextLayout.metrics(text, style: style, width: width)
    let canvas = try Canvas(width: Int(width ?? metrics.size.width) + 40, height: Int(metrics.size.height) + 40)
    TextLayout.draw(text, style: style, width: width, at: Point(x: 20, y: 20), on: canvas)
    return (canvas, metrics)
}

@Suite("Text in any language")
struct TextTests {
    @Test func wrappedEnglishBreaksAtTheWidthAndNeverDrawsPastIt() throws {
        let (canvas, metrics) = try drawn(Paragraph.english, width: 200)
        let ink = Ink(canvas)
        #expect(metrics.lineCount >= 4)
        #expect(metrics.size.width <= 200)
        #expect(ink.minX >= 20 && ink.maxX < 220, "\(ink)")
        // Every line holds ink: the block is as tall as its lines, no blank line in between.
        let lineHeight = metrics.size.height / Double(metrics.lineCount)
        for line in 0..<metrics.lineCount {
            let top = 20 + Int(lineHeight * Double(line)), bottom = 20 + Int(lineHeight * Double(line + 1))
            let inked = (top..<bottom).contains { y in (20..<220).contains { canvas.pixel(x: $0, y: y) != 0xffffff } }
            #expect(inked, "line \(line) has no ink")
        }
        let unwrapped = TextLayout.metrics(Paragraph.english, style: body, width: nil)
        #expect(unwrapped.lineCount == 1 && unwrapped.size.width > 800)
        // Lines break between words: every line but the last starts with a word of the text.
        #expect(TextLayout.metrics("aaa bbb ccc", style: body, width: TextLayout.measure("aaa bbb", style: body, width: nil).width).lineCount == 2)
    }

    @Test func newlinesStartLines() {
        #expect(TextLayout.metrics("one\ntwo\n\nfour", style: body, width: nil).lineCount == 4)
        #expect(TextLayout.metrics("one\ntwo\n\nfour", style: body, width: 300).lineCount == 4)
        #expect(TextLayout.metrics("", style: body, width: 100).lineCount == 1)
    }

    /// A word far wider than the line (a fingerprint, a file name, or made up to push the window
    /// off the screen) breaks between characters, every line full but the last: in Pango, where
    /// a Latin word goes for its length alone.
    @Test(arguments: [("Latin", "x"), ("Chinese", "中"), ("Hebrew", "ש")])
    func aWordTooLongForTheLineBreaksBetweenCharacters(script: String, character: String) throws {
        // Under the language lock: a test beside it that sets the language would change the
        // font of 中 between its measure and its layout.
        try withTextLanguage(nil) {
            let word = String(repeating: character, count: 5000)
            #expect(TextLayout.needsPango(word) == (script != "Latin"))
            let one = TextLayout.measure(character, style: body, width: nil).width
            let (canvas, metrics) = try drawn(word, width: 200)
            let perLine = (200 / one).rounded(.down)
            #expect(metrics.size.width <= 200 && metrics.size.width >= 200 - one, "\(metrics)")
            #expect(metrics.lineCount == Int((5000 / perLine).rounded(.up)), "\(metrics), \(perLine) a line")
            let ink = Ink(canvas)
            #expect(ink.minX >= 19 && ink.maxX <= 221, "\(ink)")
            #expect(ink.maxY <= 20 + Int(metrics.size.height) + 2, "\(ink)")
        }
    }

    /// A path longer than the line breaks after one of its slashes, as pinentry-gtk-2's does, not
    /// between two letters as DejaVu's spaces-only breaking would (the control): plain text with
    /// a word wider than the line is Pango's.
    @Test func aPathWiderThanTheLineBreaksAfterASlash() throws {
        let path = "/home/alice/very/deep/directory/structure/with/many/levels/and/a_long_file_name_id_ed25519"
        let width = 150.0
        #expect(DejaVuLayout(path, style: body, width: width).splitAWord)
        #expect(!DejaVuLayout(path, style: body, width: nil).splitAWord && !TextLayout.needsPango(path))
        // The first line: the longest beginning of the path that ends in a slash and fits.
        var first = ""
        for (i, c) in path.enumerated() where c == "/" {
            let head = String(path.prefix(i + 1))
            if TextLayout.measure(head, style: body, width: nil).width <= width { first = head }
        }
        #expect(first.count > 10, "\(first)")
        let (wrapped, metrics) = try drawn(path, width: width)
        let (alone, line) = try drawn(first, width: width)
        #expect(metrics.lineCount > 2 && metrics.size.width <= width && line.lineCount == 1, "\(metrics)")
        let rows = 20 + Int(line.size.height)
        let top = { (c: Canvas) in (0..<rows).flatMap { y in (0..<Int(width) + 40).map { c.pixel(x: $0, y: y) } } }
        let sameFirstLine = top(wrapped) == top(alone)
        #expect(sameFirstLine, "the first line is \"\(first)\"")
        #expect(TextLayout.metrics(path, style: body, width: width) == PangoText.metrics(path, style: body, width: width)?.0)
    }

    @Test(arguments: Paragraph.all.dropFirst())
    func rendersInkWithNoMissingGlyph(language: String, text: String) throws {
        let (canvas, _) = try drawn(text, width: 260)
        #expect(Ink(canvas).count > 500, "\(language)")
        let missing = PangoText.metrics(text, style: body, width: 260)?.missingGlyphs
        #expect(missing == 0, "\(language): \(String(describing: missing)) characters without a font")
    }

    @Test func missingGlyphsAreCounted() {
        // Positive control for the test above: no installed font has a private-use character.
        #expect(PangoText.metrics("a\u{10FFFD}b", style: body, width: nil)?.missingGlyphs == 1)
    }

    @Test func onlyTextDejaVuCannotDrawAloneGoesToPango() {
        for text in ["Enter PIN", "Ünïcödé – “quotes” …", "Пароль", "Κωδικός", "Tiếng Việt", "€ № ™ →", "a\u{1}b",
                     Paragraph.english, Paragraph.russian, Paragraph.greek] {
            #expect(!TextLayout.needsPango(text), "\(text)")
        }
        for text in ["中文", "あ", "한", "密码：「一二」", "سلام", "שלום", "e\u{301}", "ok\u{200F}", "中\u{3000}文",
                     Paragraph.chinese, Paragraph.japanese, Paragraph.korean, Paragraph.arabic] {
            #expect(TextLayout.needsPango(text), "\(text)")
        }
    }

    @Test func preparedTextMeasuresAsUnpreparedTextAndNeverBlocks() {
        // Under the language lock: the Chinese paragraph is measured twice.
        withTextLanguage(nil) {
            // prepare runs on a thread of its own; measuring at once waits for it, and gets the same.
            let style = TextStyle(size: 13.5)
            for (_, text) in Paragraph.all {
                TextLayout.prepare([PendingText(text, style: style, width: 300)])
                let first = TextLayout.metrics(text, style: style, width: 300)
                TextLayout.prepare([PendingText(text, style: TextStyle(size: 20, bold: true), width: nil)])
                #expect(TextLayout.metrics(text, style: style, width: 300) == first)
                #expect(first.lineCount >= 1 && first.size.width > 0 && first.size.width <= 300)
            }
        }
    }

    @Test func aDialogsTextsAreRecordedAtTheSizesItDrawsThem() throws {
        var spec = DialogSpec(kind: .entry(.passphrase))
        spec.title = "Passphrase required"
        spec.description = "Enter passphrase for key:"
        spec.prompt = "Passphrase"
        spec.scale = 2
        let texts = TextLayout.texts { measure in _ = try? spec.makePage(measure: measure) }
        let recorded = Set(texts.map { "\($0.text)|\($0.style.size)|\($0.style.bold)" })
        let m = DialogLayout.Metrics()
        // The title is the window's: the dialog neither draws nor measures it.
        for expected in ["Enter passphrase for key:|\(m.textSize * 2)|false",
                         "Passphrase|\(m.labelSize * 2)|false", "OK|\(m.textSize * 2)|false",
                         "Cancel|\(m.textSize * 2)|false"] {
            #expect(recorded.contains(expected), "\(expected) in \(recorded)")
        }
        #expect(texts.count == Set(texts.map { "\($0)" }).count, "each text once")
    }

    @Test func dejaVusTextIsDrawnAheadOnlyWhilePangoStarts() {
        let style = TextStyle(size: 14)
        let english = PendingText(Paragraph.english, style: style, width: 280)
        let russian = PendingText(Paragraph.russian, style: style, width: 280)
        let chinese = PendingText(Paragraph.chinese, style: style, width: 280)
        let arabic = PendingText(Paragraph.arabic, style: style, width: 280)
        // DejaVu alone: the window draws it itself, no thread competes with the X server.
        #expect(TextLayout.drawnAhead([english, russian]).isEmpty)
        // Waiting for Pango anyway: DejaVu's text is drawn meanwhile.
        #expect(TextLayout.drawnAhead([chinese, english]).map(\.text) == [Paragraph.english])
        #expect(TextLayout.drawnAhead([arabic, russian, chinese]).map(\.text) == [Paragraph.russian])
    }

    /// Text in the desktop's face is Pango's, and what DejaVu draws beside it waits with it;
    /// monospaced text keeps DejaVu Sans Mono on the fast path.
    @Test func aFacesTextIsPangos() {
        let serif = TextStyle(size: 14, face: "DejaVu Serif")
        let english = PendingText(Paragraph.english, style: serif, width: 280)
        let plain = PendingText(Paragraph.russian, style: TextStyle(size: 14), width: 280)
        #expect(TextLayout.drawnAhead([english, plain]).map(\.text) == [Paragraph.russian])
        let mono = TextStyle(size: 14, face: "DejaVu Serif", monospace: true)
        #expect(TextLayout.drawnAhead([PendingText("+---[ED25519 256]--+", style: mono, width: nil), plain]).isEmpty)
    }

    /// A face draws other letters than DejaVu Sans at the same size: a serif's; the same face
    /// named twice draws the same pixels, and so does DejaVu Sans named as a face (Pango's
    /// DejaVu Sans beside the fast path's: the control that the difference is the face's).
    @Test func aFaceDrawsItsOwnLetters() throws {
        let text = "Enter passphrase for key"
        let sans = try drawn(text, style: TextStyle(size: 20), width: nil)
        let serif = try drawn(text, style: TextStyle(size: 20, face: "DejaVu Serif"), width: nil)
        let again = try drawn(text, style: TextStyle(size: 20, face: "DejaVu Serif"), width: nil)
        #expect(pixels(serif.0) == pixels(again.0))
        #expect(serif.1.size.width != sans.1.size.width || pixels(serif.0) != pixels(sans.0))
        let named = try drawn(text, style: TextStyle(size: 20, face: "DejaVu Sans"), width: nil)
        #expect(named.1.size.width == sans.1.size.width, "Pango's DejaVu Sans is as wide as the fast path's")
        #expect(abs(serif.1.size.width - sans.1.size.width) > 2, "\(serif.1.size.width) against \(sans.1.size.width)")
        // Bold in a face is the face's bold: wider again.
        let bold = try drawn(text, style: TextStyle(size: 20, face: "DejaVu Serif", bold: true), width: nil)
        #expect(bold.1.size.width > serif.1.size.width)
    }

    @Test func textDrawnWhilePreparedIsDrawnAsOnceWarm() throws {
        // prepare draws DejaVu's text on a thread and starts Pango on another while this one
        // draws the same, cold, at once: Cairo and FreeType are shared between them, and the
        // pixels must not suffer. (Under the language lock, as Chinese is among them.)
        try withTextLanguage(nil) {
            for size in [11.25, 16.75, 23.5] {
                let style = TextStyle(size: size, bold: size > 20)
                let texts = [PendingText(Paragraph.english, style: style, width: 280),
                             PendingText(Paragraph.russian, style: style, width: 280),
                             PendingText(Paragraph.chinese, style: style, width: 280)]
                #expect(TextLayout.drawnAhead(texts).count == 2)
                TextLayout.prepare(texts)
                let racing = try texts.map { pixels(try drawn($0.text, style: style, width: 280).0) }
                let warm = try texts.map { pixels(try drawn($0.text, style: style, width: 280).0) }
                #expect(racing == warm, "size \(size)")
            }
        }
    }

    /// Under the language lock: a test beside it that sets the language changes the font
    /// 中 is drawn with between the two drawings.
    @Test func twoCJKCharactersDrawDifferentGlyphs() throws {
        try withTextLanguage(nil) {
            let big = TextStyle(size: 48)
            func glyph(_ text: String) throws -> [UInt32] { pixels(try drawn(text, style: big, width: nil).0) }
            let zhong = try glyph("中"), wen = try glyph("文"), kana = try glyph("あ"), hangul = try glyph("한")
            #expect(zhong.count == wen.count)
            #expect(try glyph("中") == zhong, "the same character draws the same pixels")
            for (name, other) in [("文", wen), ("あ", kana), ("한", hangul)] where other.count == zhong.count {
                let differing = zip(zhong, other).filter { $0 != $1 }.count
                #expect(differing > zhong.count / 10, "中 and \(name) differ in only \(differing) pixels")
            }
        }
    }

    @Test(arguments: [("Arabic", Paragraph.arabic), ("Hebrew", Paragraph.hebrew)])
    func rightToLeftParagraphsStartAtTheRightEdge(language: String, text: String) throws {
        let (canvas, metrics) = try drawn(text, width: 300)
        let ink = Ink(canvas)
        #expect(metrics.lineCount >= 2)
        #expect(ink.maxX >= 320 - 4 && ink.maxX < 320, "\(language): \(ink)")
        // The last line is short: it ends at the right, so its left side is blank.
        let lastLine = (canvas.height - 20 - Int(metrics.size.height / Double(metrics.lineCount)))..<(canvas.height - 20)
        var lastStart = Int.max
        for y in lastLine {
            for x in 20..<320 where canvas.pixel(x: x, y: y) != 0xffffff { lastStart = min(lastStart, x) }
        }
        #expect(lastStart > 60 && lastStart < 320, "\(language): the last line starts at x \(lastStart)")
        // Leading English starts at the left.
        #expect(Ink(try drawn(Paragraph.english, width: 300).0).minX <= 22)
    }

    @Test func centredLinesHaveEqualMargins() throws {
        // Under the language lock, as above: a line is measured, then drawn.
        try withTextLanguage(nil) {
            let style = TextStyle(size: 15, alignment: .centre)
            for text in ["Enter PIN", "输入密码", "أدخل الرمز"] {
                let (canvas, _) = try drawn(text, style: style, width: 300)
                let ink = Ink(canvas)
                let left = ink.minX - 20, right = 320 - 1 - ink.maxX
                #expect(abs(left - right) <= 3, "\(text): margins \(left) and \(right)")
            }
        }
    }

    @Test func arabicLettersAreShapedAndJoined() throws {
        let big = TextStyle(size: 40)
        let word = try drawn("سلام", style: big, width: nil).0
        // The same letters apart: each in its isolated form, wider than when joined.
        let apart = try ["س", "ل", "ا", "م"].map { Ink(try drawn($0, style: big, width: nil).0).width }
        let joined = Ink(word).width
        #expect(joined < apart.reduce(0, +) - 10, "joined \(joined) px, apart \(apart)")
        // The same word with joining forbidden (zero-width non-joiners): other glyphs, wider.
        let unjoined = try drawn("س\u{200C}ل\u{200C}ا\u{200C}م", style: big, width: nil).0
        #expect(Ink(unjoined).width > joined + 10, "joined \(joined) px, unjoined \(Ink(unjoined).width) px")
        // Arabic reads right to left: the first letter (seen, the widest) is on the right.
        let ink = Ink(word)
        func inkIn(_ xs: Range<Int>) -> Int { xs.reduce(0) { n, x in n + (0..<word.height).filter { word.pixel(x: x, y: $0) != 0xffffff }.count } }
        let mid = (ink.minX + ink.maxX) / 2
        #expect(inkIn(mid..<(ink.maxX + 1)) > inkIn(ink.minX..<mid), "seen, the first letter, is on the right")
    }

    @Test(arguments: Paragraph.all, [nil, 150.0, 260.0])
    func measureAndDrawAgree(language: (String, String), width: Double?) throws {
        // Under the language lock: the Chinese paragraph is measured, then drawn.
        try withTextLanguage(nil) {
            let (canvas, metrics) = try drawn(language.1, width: width)
            let ink = Ink(canvas)
            let box = (x: 20.0, y: 20.0, width: width ?? metrics.size.width, height: metrics.size.height)
            if let width { #expect(metrics.size.width <= width, "\(language.0)") }
            #expect(Double(ink.minX) >= box.x - 1 && Double(ink.maxX) < box.x + box.width + 1, "\(language.0): \(ink)")
            // Marks above tall letters (Arabic hamza) may rise a little above the line's box.
            #expect(Double(ink.minY) >= box.y - 3 && Double(ink.maxY) < box.y + box.height + 1, "\(language.0): \(ink)")
            #expect(metrics.firstBaseline > 0 && metrics.firstBaseline < metrics.size.height / Double(metrics.lineCount))
        }
    }

    /// A line of Latin, Greek or Cyrillic is as wide and as tall, and draws the same pixels, on
    /// DejaVu's fast path and through Pango, in every rendering a desktop asks for: a dialog's
    /// label does not change when its text gains one Arabic letter. (Where long lines wrap may
    /// differ: the fast path breaks at spaces only, Pango wherever Unicode allows.)
    @Test(arguments: [TextStyle(size: 15), TextStyle(size: 13), TextStyle(size: 18.75, bold: true),
                      TextStyle(size: 22, bold: true, alignment: .centre)])
    func aLineOfLatinLooksTheSameThroughPango(style: TextStyle) throws {
        let renderings = [TextRendering.standard, TextRendering(antialiasing: .none, hinting: .full),
                          TextRendering(antialiasing: .subpixel(.rgb), hinting: .slight)]
        for text in ["Enter passphrase for key /home/user/.ssh/id_ed25519:", "Пароль для ключа", "Κωδικός πρόσβασης",
                     "Ünïcödé – “quotes” … € № →"] {
            let fast = DejaVuLayout(text, style: style, width: nil)
            let pango = try #require(PangoText.metrics(text, style: style, width: nil)).0
            #expect(fast.metrics == pango, "\(text)")
            for rendering in renderings {
                let a = try Canvas(width: Int(fast.size.width) + 40, height: Int(fast.size.height) + 40)
                let b = try Canvas(width: Int(fast.size.width) + 40, height: Int(fast.size.height) + 40)
                (a.textRendering, b.textRendering) = (rendering, rendering)
                fast.draw(style: style, width: nil, at: Point(x: 20, y: 20), on: a)
                #expect(PangoText.draw(text, style: style, width: nil, at: Point(x: 20, y: 20), on: b))
                // Pango draws a path apart from the words before it (in an isolate, its own
                // run): by subpixel, the colour fringes where the two runs meet are laid twice.
                let joins = rendering.antialiasing == .gray || rendering.antialiasing == .none ? 0 : 8
                let count = zip(pixels(a), pixels(b)).filter { $0 != $1 }.count
                #expect(count <= joins, "\(text), \(rendering): \(count) pixels differ of \(Ink(a).count) inked")
            }
        }
    }

    /// Past its height a block ends with "…" on its last line, on either path, whether the cut
    /// falls inside a paragraph or between two: it draws what the shorter text with "…" draws.
    @Test(arguments: [("DejaVu", ["one", "two", "three", "four", "five"]), ("Pango", ["一", "二", "三", "四", "五"])])
    func pastItsHeightABlockEndsWithAnEllipsis(path: String, words: [String]) throws {
        // Under the language lock, as above: one line's height is measured before the blocks.
        try withTextLanguage(nil) {
            let line = TextLayout.metrics(words[0], style: body, width: 300).size.height
            let bounded = TextStyle(size: 15, maxHeight: 3 * line + line / 2)
            let text = words.joined(separator: "\n")
            #expect(TextLayout.needsPango(text) == (path == "Pango"))
            let (cut, metrics) = try drawn(text, style: bounded, width: 300)
            #expect(metrics.lineCount == 3 && metrics.truncated, "\(metrics)")
            #expect(metrics.size.height <= bounded.maxHeight!, "\(metrics)")
            let (expected, shorter) = try drawn(words[0..<3].joined(separator: "\n") + "…", width: 300)
            #expect(metrics.size == shorter.size)
            #expect(pixels(cut) == pixels(expected))
            // Within a paragraph: the last line shown is full to the width, and ends with "…".
            let long = Array(repeating: words[0], count: 200).joined(separator: " ")
            let (_, within) = try drawn(long, style: bounded, width: 300)
            #expect(within.lineCount == 3 && within.truncated && within.size.height <= 3 * line + line / 2, "\(within)")
            // Text that fits is not touched, and a bound never hides the only line.
            #expect(TextLayout.metrics(words[0], style: bounded, width: 300) == TextLayout.metrics(words[0], style: body, width: 300))
            let tiny = TextLayout.metrics(text, style: TextStyle(size: 15, maxHeight: 1), width: 300)
            #expect(tiny.lineCount == 1 && tiny.truncated, "\(tiny)")
            // Empty lines left out are not worth a sign.
            #expect(!TextLayout.metrics(words[0] + "\n\n\n\n\n", style: bounded, width: 300).truncated)
        }
    }

    /// Hundreds of combining marks on one letter (the user cannot tell what a prompt says when
    /// they smear over it) stay on their own line: the lines above draw as without them, and
    /// a first line's marks stop within a quarter line above the block.
    @Test func stackedMarksStayOnTheirLine() throws {
        let marks = String(repeating: "\u{301}", count: 500), below = String(repeating: "\u{316}", count: 500)
        let text = "Heading line\ne\(marks) and g\(below)\nlast line"
        let (marked, metrics) = try drawn(text, width: 300)
        let (plain, _) = try drawn("Heading line\ne and g\nlast line", width: 300)
        let line = Int(metrics.size.height) / metrics.lineCount
        #expect(metrics.lineCount == 3)
        for rows in [0..<(20 + line), (20 + 2 * line)..<marked.height] {
            let differing = zip(pixels(marked, rows: rows), pixels(plain, rows: rows)).filter { $0 != $1 }.count
            #expect(differing == 0, "rows \(rows): \(differing) pixels differ")
        }
        // The second line does carry the marks (positive control).
        #expect(Ink(marked, rows: (20 + line)..<(20 + 2 * line)).count > Ink(plain, rows: (20 + line)..<(20 + 2 * line)).count)
        let (first, _) = try drawn("e\(marks)", width: 300)
        #expect(Double(Ink(first).minY) >= 20 - Double(line) / 4 - 1, "\(Ink(first))")
    }

    /// In a dialog, a description of stacked marks leaves the margin above it as it was.
    @Test func stackedMarksInADescriptionLeaveTheMarginAbove() throws {
        func dialog(_ description: String) throws -> (Canvas, DialogLayout) {
            var spec = DialogSpec(kind: .entry(.passphrase))
            spec.title = "Unlock the key"
            spec.description = description
            let page = try spec.makePage(measure: TextLayout.measure)
            _ = page.handle(.resize(page.preferredSize), now: 0)
            guard case .dialog(let layout) = page.geometry else { throw RenderError("not a dialog") }
            let canvas = try Canvas(width: Int(page.preferredSize.width), height: Int(page.preferredSize.height))
            PagePainter.draw(page.scene(at: 10), on: canvas)
            return (canvas, layout)
        }
        let (marked, layout) = try dialog("e" + String(repeating: "\u{301}", count: 500) + " ok")
        let (plain, _) = try dialog("e ok")
        // The margin above the description; the marks may reach a quarter line above the block.
        let heading = 0..<Int(layout.description.y - layout.metrics.textSize / 4 - 1)
        let differing = zip(pixels(marked, rows: heading), pixels(plain, rows: heading)).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) pixels of the margin differ")
        let below = Int(layout.description.y)..<Int(layout.description.maxY)
        #expect(pixels(marked, rows: below) != pixels(plain, rows: below), "the marks are drawn")
    }

    /// Layout time grows with the text, not with its square: four times the text takes well
    /// under sixteen times as long (twice four, to leave room for a busy machine), on either
    /// path, in long paragraphs or 900 short ones. A bounded block (a dialog's description)
    /// gives Pango no more than it can show: 16 K and 64 K characters cost alike. (Pango alone,
    /// unbounded, takes more than linear time over hundreds of paragraphs: no dialog asks it to.)
    @Test(arguments: [("DejaVu", "word ", nil, 16384), ("DejaVu", "word ", 300, 16384), ("DejaVu", "a\n", nil, 450),
                      ("DejaVu", "a\n", 300, 450), ("Pango", "密码 ", nil, 4096), ("Pango", "密码 ", 300, 16384),
                      ("Pango", "密\n", 300, 450)] as [(String, String, Double?, Int)])
    func layoutTimeGrowsLinearlyWithTheText(path: String, unit: String, maxHeight: Double?, characters: Int) throws {
        let style = TextStyle(size: 13.5, maxHeight: maxHeight)
        let canvas = try Canvas(width: 440, height: 400)
        let small = characters / unit.unicodeScalars.count
        let texts = [String(repeating: unit, count: small), String(repeating: unit, count: 4 * small)]
        for text in texts { #expect(TextLayout.needsPango(text) == (path == "Pango")) }
        // The thread's own CPU time, not the clock's: on a machine busy with other tests (and
        // these cases run side by side), time spent waiting for a core once made the larger
        // text ten times the smaller. The best of seven runs of each, the sizes in turn.
        func cpuSeconds() -> Double {
            var now = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
            return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
        }
        var best = [Double.infinity, .infinity]
        for round in 0..<8 {
            for (i, text) in texts.enumerated() {
                let start = cpuSeconds()
                _ = TextLayout.metrics(text, style: style, width: 400)
                TextLayout.draw(text, style: style, width: 400, at: Point(x: 20, y: 0), on: canvas)
                // The first round warms: fonts opened, glyphs cached.
                if round > 0 { best[i] = min(best[i], cpuSeconds() - start) }
            }
        }
        let (a, b) = (best[0], best[1])
        #expect(b < 8 * max(a, 0.0005), "\(path) \(unit.debugDescription): \(a) s for \(small), \(b) s for \(4 * small)")
    }

    @Test func controlCharactersAndBidiOverridesAreNeutralised() throws {
        #expect(TextSafety.displayable("a\u{0}b\u{1B}[31m\tc\r\nd\re\u{202E}f\u{2067}g\u{85}h")
                == "a\u{FFFD}b\u{FFFD}[31m c\nd\ne" + "fg\nh")
        // Spaces that end a line are not drawn, nor measured ("Enter passphrase for key: ").
        #expect(TextSafety.displayable("key:  \nx \u{A0}\t\n  y ") == "key:\nx\n  y")
        // A right-to-left override does not reverse what follows it.
        let overridden = try drawn("key \u{202E}SHA256:abc", width: nil).0
        let plain = try drawn("key SHA256:abc", width: nil).0
        #expect(pixels(overridden) == pixels(plain))
        #expect(TextLayout.measure("\u{202E}سلام", style: body, width: nil) == TextLayout.measure("سلام", style: body, width: nil))
        // A NUL does not cut the text short.
        #expect(TextLayout.measure("ab\u{0}cd", style: body, width: nil).width > TextLayout.measure("abcd", style: body, width: nil).width)
    }

    @Test func pathsKeepTheirOwnDirectionInRightToLeftText() throws {
        #expect(TextSafety.isolatingPaths("للمفتاح /home/u/.ssh/id: نعم ~/x a/b")
                == "للمفتاح \u{2068}/home/u/.ssh/id:\u{2069} نعم \u{2068}~/x\u{2069} a/b")
        // After an Arabic word the path is the line's left end and reads "/ab" as it does
        // alone; without the isolate the slash would follow it ("ab/").
        let (differing, arabic, latin) = try pathPixelsDiffering("/ab", after: "مفتاح")
        #expect(differing == 0, "\(differing) pixels of the path differ")
        #expect(Ink(arabic).count > Ink(latin).count + 100, "the Arabic word is drawn too")
    }

    /// How many of `path`'s pixels differ, drawn after a right-to-left `word` (at the line's
    /// left end) and drawn alone; and the two drawings.
    private func pathPixelsDiffering(_ path: String, after word: String) throws -> (Int, Canvas, Canvas) {
        let big = TextStyle(size: 30)
        let after = try drawn(word + " " + path, style: big, width: nil).0
        let alone = try drawn(path, style: big, width: nil).0
        let width = Int(TextLayout.measure(path, style: big, width: nil).width)
        var differing = 0
        for y in 0..<min(after.height, alone.height) {
            for x in 20..<(20 + width) where after.pixel(x: x, y: y) != alone.pixel(x: x, y: y) { differing += 1 }
        }
        return (differing, after, alone)
    }

    /// ssh and gpg put a key's path in quotes or brackets: in Arabic text the slash of
    /// `'/ab'` was shown at the path's far end, as `'ab/'`. The mark opens the isolate too.
    @Test func aQuotedOrBracketedPathKeepsItsOwnDirection() throws {
        #expect(TextSafety.isolatingPaths("للمفتاح '/home/u/id': (~/x) «/y» 'ab' /z")
                == "للمفتاح \u{2068}'/home/u/id':\u{2069} \u{2068}(~/x)\u{2069} \u{2068}«/y»\u{2069} 'ab' \u{2068}/z\u{2069}")
        for (open, close) in [("'", "'"), ("(", ")"), ("\"", "\"")] {
            let differing = try pathPixelsDiffering("\(open)/ab\(close)", after: "مفتاح").0
            #expect(differing == 0, "\(open)/ab\(close): \(differing) pixels of the path differ")
        }
    }

    @Test func theLanguageComesFromTheLocale() {
        #expect(TextLanguage.tag(locale: "ja_JP.UTF-8") == "ja_JP")
        #expect(TextLanguage.tag(locale: "zh_TW.Big5@radical") == "zh_TW")
        #expect(TextLanguage.tag(locale: "sr_RS@latin") == "sr_RS")
        #expect(TextLanguage.tag(locale: "C.UTF-8") == "C")
        #expect(TextLanguage.tag(locale: "") == nil)
        let env = ["LC_ALL": "", "LC_CTYPE": "ja_JP.UTF-8", "LANG": "zh_CN.UTF-8", "LC_MESSAGES": "ko_KR.UTF-8"]
        #expect(LocaleCodeset.characterLocale(environment: { env[$0] }) == "ja_JP.UTF-8")
        #expect(LocaleCodeset.characterLocale(environment: { ["LANG": "zh_TW.UTF-8"][$0] }) == "zh_TW.UTF-8")
        #expect(LocaleCodeset.characterLocale(environment: { ["LC_ALL": "C", "LANG": "ja_JP"][$0] }) == "C")
        #expect(LocaleCodeset.characterLocale(environment: { _ in nil }) == nil)
    }
}

/// The probe, in a process of its own: what Pango maps, and the language (process-wide).
enum TextProbe {
    static var path: String {
        get throws {
            var folder = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                .deletingLastPathComponent()
            if folder.lastPathComponent.hasSuffix(".xctest") { folder = folder.deletingLastPathComponent() }
            let probe = folder.appendingPathComponent("pinbox-text-probe").path
            try #require(FileManager.default.isExecutableFile(atPath: probe), "scripts/test builds it (with the tests)")
            return probe
        }
    }

    /// Draws `text` in a fresh process; its picture, and what it printed.
    static func run(_ text: String, _ arguments: [String] = [], environment: [String: String] = [:]) throws -> (Canvas, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try path)
        let png = FileManager.default.temporaryDirectory.appendingPathComponent("pinbox-text-\(UUID()).png").path
        defer { try? FileManager.default.removeItem(atPath: png) }
        process.arguments = [png, text] + arguments
        var env = ProcessInfo.processInfo.environment
        for name in ["LC_ALL", "LC_CTYPE", "LANG"] { env[name] = nil }
        env.merge(environment) { $1 }
        process.environment = env
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        return (try Canvas(png: png), String(decoding: data, as: UTF8.self))
    }

    /// fc-list's families, to fail with the package to install when a font is missing.
    static func requireFont(_ family: String, package: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/fc-list")
        process.arguments = [":family=\(family)", "family"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(!data.isEmpty, "no font \"\(family)\": apt-get install \(package) (scripts/install-deps)")
    }
}

@Suite("Text in a process of its own")
struct TextProcessTests {
    /// Plain text never maps Pango; Chinese and Arabic do (the positive controls).
    @Test func plainTextNeverLoadsPango() throws {
        #expect(try TextProbe.run(Paragraph.english + " Пароль, Κωδικός, Ünïcödé.").1 == "plain\n")
        #expect(try TextProbe.run(Paragraph.chinese).1 == "pango\n")
        #expect(try TextProbe.run(Paragraph.arabic).1 == "pango\n")
    }

    /// One ideograph, three glyph forms: 直 in Japanese, in Simplified and in Traditional Chinese,
    /// each drawn with the face fontconfig gives that language (as a drawing with that face
    /// alone shows), whether the language comes from LANG or is named.
    @Test(arguments: ["直", "骨"])
    func theLanguagePicksTheGlyphForms(character: String) throws {
        let faces = [("ja_JP.UTF-8", "VL Gothic", "fonts-vlgothic"),
                     ("zh_CN.UTF-8", "WenQuanYi Micro Hei", "fonts-wqy-microhei"),
                     ("zh_TW.UTF-8", "AR PL Mingti2L Big5", "fonts-arphic-bsmi00lp")]
        var drawn: [[[UInt32]]] = []
        for (locale, family, package) in faces {
            try TextProbe.requireFont(family, package: package)
            let (named, _) = try TextProbe.run(character, ["--size", "48", "--lang", locale], environment: ["LANG": "C.UTF-8"])
            let (fromLang, _) = try TextProbe.run(character, ["--size", "48"], environment: ["LANG": locale])
            #expect(inkImage(named) == inkImage(fromLang), "\(locale): --lang and LANG draw alike")
            // The face alone, placed on whole pixels as Pango places glyphs.
            let reference = try Canvas(width: 120, height: 120)
            reference.fill(Rect(x: 0, y: 0, width: 120, height: 120), with: .white)
            Array(character.utf8).withUnsafeBufferPointer {
                reference.drawSecretCharacter($0, centeredAt: Point(x: 60, y: 60), font: FontSpec(family: family, size: 48),
                                              pixelSize: 48, color: Color(rgb: 0x1f2329))
            }
            #expect(inkImage(named) == inkImage(reference), "\(character) under \(locale) is not drawn with \(family)")
            drawn.append(inkImage(named))
        }
        #expect(drawn[0] != drawn[1] && drawn[1] != drawn[2] && drawn[0] != drawn[2])
    }

    /// A mnemonic's underline goes under its letter where the layout put it: the first letter of
    /// a Hebrew or Arabic word is its rightmost (it went under the leftmost, the word's last);
    /// in a left-to-right word, the leftmost.
    @Test(arguments: ["אישור", "ביטול", "موافق"])
    func theFirstLetterOfARightToLeftWordIsAtItsRight(_ word: String) {
        let style = TextStyle(size: 14)
        let whole = TextLayout.measure(word, style: style, width: nil).width
        let first = TextLayout.span(ofCharacter: 0, in: word, style: style)
        let last = TextLayout.span(ofCharacter: word.unicodeScalars.count - 1, in: word, style: style)
        #expect(first.width > 0 && abs(first.x + first.width - whole) <= 1, "first \(first), whole \(whole)")
        #expect(last.x <= 1 && last.x < first.x, "last \(last)")
        // A path beside the word is set in isolates for Pango: the letter is still found.
        let withPath = TextLayout.span(ofCharacter: 0, in: word + " /tmp", style: style)
        let wholeWithPath = TextLayout.measure(word + " /tmp", style: style, width: nil).width
        #expect(withPath.x + withPath.width > wholeWithPath / 2, "with a path: \(withPath), whole \(wholeWithPath)")
        let ok = TextLayout.span(ofCharacter: 0, in: "OK", style: style)
        #expect(ok.x == 0 && ok.width > 0)
        let k = TextLayout.span(ofCharacter: 1, in: "OK", style: style)
        #expect(abs(k.x - ok.width) <= 0.5)
    }
}
