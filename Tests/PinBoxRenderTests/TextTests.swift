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
    var description: String { "ink x \(minX)...\(maxX) y \(minY)...\(maxY), \(count) px" }

    init(_ canvas: Canvas) {
        canvas.flush()
        let (data, stride) = canvas.pixelStorage
        for y in 0..<canvas.height {
            for x in 0..<canvas.width where data.load(fromByteOffset: y * stride + x * 4, as: UInt32.self) & 0xffffff != 0xffffff {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y); count += 1
            }
        }
    }
}

/// The pixels of a canvas, to compare two drawings.
func pixels(_ canvas: Canvas) -> [UInt32] {
    (0..<canvas.height).flatMap { y in (0..<canvas.width).map { x in canvas.pixel(x: x, y: y) } }
}

let body = TextStyle(size: 15)

/// The same numbers on every run (a linear congruential generator), to make up test sentences.
struct Repeatable {
    var seed: UInt64

    mutating func next(below n: Int) -> Int {
        seed = seed &* 6364136223846793005 &+ 1442695040888963407
        return Int((seed >> 33) % UInt64(n))
    }
}

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
    }

    @Test func newlinesStartLinesAndLongWordsBreak() {
        #expect(TextLayout.metrics("one\ntwo\n\nfour", style: body, width: nil).lineCount == 4)
        #expect(TextLayout.metrics("", style: body, width: 100).lineCount == 1)
        for word in [String(repeating: "x", count: 80), String(repeating: "中", count: 30)] {
            let metrics = TextLayout.metrics(word, style: body, width: 100)
            #expect(metrics.lineCount > 3, "\(word.prefix(1))")
            #expect(metrics.size.width <= 100, "\(word.prefix(1))")
        }
    }

    @Test(arguments: Paragraph.all.dropFirst())
    func rendersInkWithNoMissingGlyph(language: String, text: String) throws {
        let (canvas, _) = try drawn(text, width: 260)
        #expect(Ink(canvas).count > 500, "\(language)")
        let missing = TextLayout.pangoMetrics(text, style: body, width: 260)?.missingGlyphs
        #expect(missing == 0, "\(language): \(String(describing: missing)) characters without a font")
    }

    @Test func missingGlyphsAreCounted() {
        // Positive control for the test above: no installed font has a private-use character.
        #expect(TextLayout.pangoMetrics("a\u{10FFFD}b", style: body, width: nil)?.missingGlyphs == 1)
    }

    @Test func preparedTextMeasuresAsUnpreparedTextAndNeverBlocks() {
        // prepare runs on a thread of its own; measuring at once waits for it, and gets the same.
        let style = TextStyle(size: 13.5)
        for (_, text) in Paragraph.all {
            TextLayout.prepare(text, style: style, width: 300)
            let first = TextLayout.metrics(text, style: style, width: 300)
            TextLayout.prepare(text, style: TextStyle(size: 20, bold: true), width: nil)
            #expect(TextLayout.metrics(text, style: style, width: 300) == first)
            #expect(first.lineCount >= 1 && first.size.width > 0 && first.size.width <= 300)
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
        for expected in ["Passphrase required|\(m.titleSize * 2)|true", "Enter passphrase for key:|\(m.textSize * 2)|false",
                         "Passphrase|\(m.labelSize * 2)|false", "OK|\(m.textSize * 2)|false",
                         "Cancel|\(m.textSize * 2)|false"] {
            #expect(recorded.contains(expected), "\(expected) in \(recorded)")
        }
        #expect(texts.count == Set(texts.map { "\($0)" }).count, "each text once")
    }

    @Test func onlyTextThatWaitsForFontsIsDrawnAhead() {
        let style = TextStyle(size: 14)
        let english = PendingText(Paragraph.english, style: style, width: 280)
        let russian = PendingText(Paragraph.russian, style: style, width: 280)
        let chinese = PendingText(Paragraph.chinese, style: style, width: 280)
        let arabic = PendingText(Paragraph.arabic, style: style, width: 280)
        func ahead(_ texts: [PendingText]) -> [String] {
            TextLayout.drawnAhead(texts, routes: texts.map { TextLayout.route($0.text) }).map(\.text)
        }
        // DejaVu alone: the window draws it itself, no thread competes with the X server.
        #expect(ahead([english, russian]).isEmpty)
        // Waiting for fontconfig or Pango anyway: DejaVu's first, then the fallback fonts' text.
        #expect(ahead([chinese, english]) == [Paragraph.english, Paragraph.chinese])
        #expect(ahead([arabic, russian]) == [Paragraph.russian])
    }

    @Test func textDrawnWhilePreparedIsDrawnAsOnceWarm() throws {
        // prepare draws on a thread (DejaVu's text, then the Chinese) while this one draws the
        // same, cold, at once: Cairo and FreeType are shared between them, and the pixels must
        // not suffer.
        for size in [11.25, 16.75, 23.5] {
            let style = TextStyle(size: size, bold: size > 20)
            let texts = [PendingText(Paragraph.english, style: style, width: 280),
                         PendingText(Paragraph.russian, style: style, width: 280),
                         PendingText(Paragraph.chinese, style: style, width: 280)]
            #expect(TextLayout.drawnAhead(texts, routes: texts.map { TextLayout.route($0.text) }).count == 3)
            TextLayout.prepare(texts)
            let racing = try texts.map { pixels(try drawn($0.text, style: style, width: 280).0) }
            let warm = try texts.map { pixels(try drawn($0.text, style: style, width: 280).0) }
            #expect(racing == warm, "size \(size)")
        }
    }

    @Test func twoCJKCharactersDrawDifferentGlyphs() throws {
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
        let style = TextStyle(size: 15, alignment: .centre)
        for text in ["Enter PIN", "输入密码", "أدخل الرمز"] {
            let (canvas, _) = try drawn(text, style: style, width: 300)
            let ink = Ink(canvas)
            let left = ink.minX - 20, right = 320 - 1 - ink.maxX
            #expect(abs(left - right) <= 3, "\(text): margins \(left) and \(right)")
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
        let (canvas, metrics) = try drawn(language.1, width: width)
        let ink = Ink(canvas)
        let box = (x: 20.0, y: 20.0, width: width ?? metrics.size.width, height: metrics.size.height)
        if let width { #expect(metrics.size.width <= width, "\(language.0)") }
        #expect(Double(ink.minX) >= box.x - 1 && Double(ink.maxX) < box.x + box.width + 1, "\(language.0): \(ink)")
        // Marks above tall letters (Arabic hamza) may rise a little above the line's box.
        #expect(Double(ink.minY) >= box.y - 3 && Double(ink.maxY) < box.y + box.height + 1, "\(language.0): \(ink)")
        #expect(metrics.firstBaseline > 0 && metrics.firstBaseline < metrics.size.height / Double(metrics.lineCount))
    }

    @Test(arguments: [13.0, 15.0, 22.0], [false, true])
    func latinMeasuresTheSameThroughPango(size: Double, bold: Bool) throws {
        let style = TextStyle(size: size, bold: bold)
        for text in [Paragraph.english, Paragraph.russian, Paragraph.greek] {
            for width in [nil, 120.0, 200.0, 333.0] {
                let plain = TextLayout.plainMetrics(text, style: style, width: width)
                let pango = try #require(TextLayout.pangoMetrics(text, style: style, width: width)).0
                #expect(plain.lineCount == pango.lineCount, "\(text.prefix(8)) at \(String(describing: width))")
                #expect(plain.size.height == pango.size.height)
                #expect(plain.firstBaseline == pango.firstBaseline)
                #expect(plain.size.width == pango.size.width, "\(plain.size) vs \(pango.size)")
            }
        }
    }

    /// Many made-up sentences of words, paths, numbers and punctuation: the plain path breaks
    /// them where Pango does.
    @Test func plainWrapsWherePangoWraps() throws {
        let words = ["key", "/home/user/.ssh/id_rsa", "a-1", "well-known", "x--y", "3-4", "(note)", "[1]", "{a}b",
                     "“quoted”", "«Пароль»", "\"plain\"", "it's", "—", "a—b", "wait…", "Hi!", "What?now", "50%",
                     "$5", "e-mail:", "user@example.org", "a|b", "100\u{A0}km", "Ελληνικά,", "слово;", "end.",
                     "https://example.org/a/b?c=d", "--force", "-x", "x/1", "ÆØÅ", "naïve", "Straße", "foo,bar", "a.b", "A:B", "(", ")", "1,000.50", "«", "„Hallo“", "…", "–", "a–b", "‘single’", "don’t", "#tag", "C++", "x&y", "a=b", "~/dir", "C:\\Windows\\x", "!", "?!", "[", "{", "€20", "20€", "—", "№5", "x→y", "Ответ:", "ΑΒΓ.", "a/b/c/d/e/f", "1/2", "x-", "-", "ok\u{A0}", "\u{A0}", "a\u{2011}b"]
        var numbers = Repeatable(seed: 42)
        func random(_ n: Int) -> Int { numbers.next(below: n) }
        for _ in 0..<1000 {
            let text = (0..<(3 + random(12))).map { _ in words[random(words.count)] }
                .joined(separator: random(5) == 0 ? "  " : " ")
            let style = TextStyle(size: [12.0, 15, 18.75][random(3)], bold: random(2) == 0)
            let width = Double(30 + random(300))
            let plain = TextLayout.plainMetrics(text, style: style, width: width)
            let pango = try #require(TextLayout.pangoMetrics(text, style: style, width: width)).0
            #expect(plain == pango, "\(text) at \(width), \(style.size) px\(style.bold ? " bold" : "")")
        }
    }

    @Test(arguments: [TextStyle(size: 15), TextStyle(size: 13), TextStyle(size: 18.75, bold: true),
                      TextStyle(size: 22, bold: true, alignment: .centre)])
    func latinDrawsTheSamePixelsThroughPango(style: TextStyle) throws {
        let text = Paragraph.english + "\n" + Paragraph.russian + "\n" + Paragraph.greek
        let size = TextLayout.plainMetrics(text, style: style, width: 300).size
        let plain = try Canvas(width: 340, height: Int(size.height) + 40)
        let pango = try Canvas(width: 340, height: Int(size.height) + 40)
        TextLayout.drawPlain(text, style: style, width: 300, at: Point(x: 20, y: 20), on: plain)
        #expect(TextLayout.drawPango(text, style: style, width: 300, at: Point(x: 20, y: 20), on: pango))
        let differing = zip(pixels(plain), pixels(pango)).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) pixels differ of \(Ink(plain).count) inked")
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
        let big = TextStyle(size: 30)
        let arabic = try drawn("مفتاح /ab", style: big, width: nil).0
        let latin = try drawn("/ab", style: big, width: nil).0
        let path = Int(TextLayout.measure("/ab", style: big, width: nil).width)
        var differing = 0
        for y in 0..<min(arabic.height, latin.height) {
            for x in 20..<(20 + path) where arabic.pixel(x: x, y: y) != latin.pixel(x: x, y: y) { differing += 1 }
        }
        #expect(differing == 0, "\(differing) pixels of the path differ")
        #expect(Ink(arabic).count > Ink(latin).count + 100, "the Arabic word is drawn too")
    }

    @Test func onlyTextThatNeedsShapingGoesToPango() {
        for text in ["Enter PIN", "Ünïcödé – “quotes” …", "Пароль", "Κωδικός", "Tiếng Việt", "€ № ™ →", "a\u{1}b"] {
            #expect(TextLayout.route(text) == .dejaVu, "\(text)")
        }
        for text in ["中文", "あ", "한", "密码：「一二」", "パスフレーズ", Paragraph.chinese, Paragraph.japanese, Paragraph.korean] {
            #expect(TextLayout.route(text) == .withFallbackFonts, "\(text)")
        }
        for text in ["سلام", "שלום", "e\u{301}", "ok\u{200F}", "中\u{3000}文", "ぁ中々", "中文\u{10FFFD}"] {
            #expect(TextLayout.route(text) == .pango, "\(text)")
        }
        // An ideograph no installed font has (Unicode 14's U+9FFF, which WenQuanYi predates):
        // Pango draws its box and counts it, so PinBox does not lay it out itself.
        #expect(TextLayout.ownLayout("中文", style: body, width: nil) != nil)
        if TextLayout.pangoMetrics("\u{9FFF}", style: body, width: nil)?.missingGlyphs == 1 {
            #expect(TextLayout.ownLayout("中\u{9FFF}文", style: body, width: nil) == nil)
            #expect(TextLayout.metrics("中\u{9FFF}文", style: body, width: nil).size.width > 0)
        }
    }

    /// Which font draws each character, as Pango 1.50 itemized the same texts (W: WenQuanYi,
    /// D: DejaVu): a space goes with the text before it, unless what follows in the same script
    /// run has a font earlier in fontconfig's list (DejaVu).
    @Test func spacesGoWithTheFontPangoGivesThem() throws {
        for (text, expected) in [("请输入密钥 /root", "WWWWWDDDDDD"), ("中 a", "WWD"), (" 中", "WW"), ("中 ", "WW"),
                                 ("： a", "WDD"), ("a 中", "DDW"), ("中 （", "WWW"), ("x（ /", "DWDD"),
                                 ("（中） a", "WWWWD"), ("中  /", "WDDD")] {
            let fonts = try #require(TextFontRuns.fonts(for: Array(text.unicodeScalars), bold: false, size: 15))
            #expect(String(fonts.map { $0.choice.position == 0 ? "D" : "W" }) == expected, "\(text)")
        }
        // Brackets take the script of the run they opened in: ")" closes a Han run here.
        #expect(TextFontRuns.scriptRuns(Array("中(a)b".unicodeScalars)).map { $0.0 } == [0..<2, 2..<3, 3..<4, 4..<5])
    }

    @Test(arguments: [13.0, 15.0, 22.0], [false, true])
    func chineseJapaneseAndKoreanMeasureTheSameThroughPango(size: Double, bold: Bool) throws {
        let style = TextStyle(size: size, bold: bold)
        for text in [Paragraph.chinese, Paragraph.japanese, Paragraph.korean, "请输入密钥 /root/.ssh/id_ed25519 的密码："] {
            for width in [nil, 120.0, 200.0, 333.0] {
                let own = try #require(TextLayout.ownLayout(text, style: style, width: width)).metrics
                let pango = try #require(TextLayout.pangoMetrics(text, style: style, width: width)).0
                #expect(own == pango, "\(text.prefix(6)) at \(String(describing: width)): \(own) vs \(pango)")
            }
        }
    }

    @Test(arguments: [TextStyle(size: 15), TextStyle(size: 13), TextStyle(size: 18.75, bold: true),
                      TextStyle(size: 22, bold: true, alignment: .centre)])
    func chineseJapaneseAndKoreanDrawTheSamePixelsThroughPango(style: TextStyle) throws {
        let text = Paragraph.chinese + "\n" + Paragraph.japanese + "\n" + Paragraph.korean + "\n\n" + Paragraph.english
        let layout = try #require(TextLayout.ownLayout(text, style: style, width: 300))
        let own = try Canvas(width: 340, height: Int(layout.size.height) + 40)
        let pango = try Canvas(width: 340, height: Int(layout.size.height) + 40)
        layout.draw(style: style, width: 300, at: Point(x: 20, y: 20), on: own.cr)
        #expect(TextLayout.drawPango(text, style: style, width: 300, at: Point(x: 20, y: 20), on: pango))
        let differing = zip(pixels(own), pixels(pango)).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) pixels differ of \(Ink(own).count) inked")
    }

    /// Made-up sentences of Chinese, Japanese and Korean words among Latin ones, brackets,
    /// punctuation and spaces: PinBox picks the fonts, breaks the lines and places the glyphs
    /// where Pango does.
    @Test func chineseJapaneseAndKoreanWrapAndDrawWherePangoDoes() throws {
        let words = ["密码", "请输入", "钥", "中", "。", "，", "：", "；", "！", "？", "、", "（", "）", "（注）", "「引用」",
                     "『书』", "【密】", "《书名》", "〈a〉", "パスワード", "ひらがな", "カタカナ", "ッ", "ゃ", "ー", "입력",
                     "암호를", "키", "key", "id_ed25519", "/root/.ssh/id", "a", "1", "50%", "$5", "(", ")", "x)", "(y",
                     "«a»", "“q”", "Ключ", "Ωμέγα", "-", "—", "…", "a-b", "。」", "：/"]
        var numbers = Repeatable(seed: 7)
        func random(_ n: Int) -> Int { numbers.next(below: n) }
        for round in 0..<1500 {
            let text = (0..<(2 + random(10))).map { _ in words[random(words.count)] }
                .map { $0 + [" ", "", "", "  ", "\u{A0}"][random(5)] }.joined()
            let style = TextStyle(size: [12.0, 15, 18.75][random(3)], bold: random(3) == 0)
            let width = random(4) == 0 ? nil : Double(30 + random(300))
            guard let layout = TextLayout.ownLayout(text, style: style, width: width) else {
                Issue.record("\(text) went to Pango")
                continue
            }
            let pango = try #require(TextLayout.pangoMetrics(text, style: style, width: width)).0
            let shown = text.unicodeScalars.map { $0 == "\u{A0}" ? "⍽" : String($0) }.joined()
            #expect(layout.metrics == pango, "\(shown) at \(String(describing: width)), \(style.size) px\(style.bold ? " bold" : "")")
            if round % 10 == 0 {
                let box = Int(width ?? layout.size.width) + 40, height = Int(layout.size.height) + 40
                let own = try Canvas(width: box, height: height), drawn = try Canvas(width: box, height: height)
                layout.draw(style: style, width: width, at: Point(x: 20, y: 20), on: own.cr)
                #expect(TextLayout.drawPango(text, style: style, width: width, at: Point(x: 20, y: 20), on: drawn))
                let differing = zip(pixels(own), pixels(drawn)).filter { $0 != $1 }.count
                #expect(differing == 0, "\(text): \(differing) pixels differ")
            }
        }
    }

    /// In a fresh process (this one has Pango from the tests above): plain text, and Chinese,
    /// never map Pango, and Arabic does (the positive control).
    @Test func plainTextNeverLoadsPango() throws {
        var folder = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            .deletingLastPathComponent()
        if folder.lastPathComponent.hasSuffix(".xctest") { folder = folder.deletingLastPathComponent() }
        let probe = folder.appendingPathComponent("pinbox-text-probe").path
        try #require(FileManager.default.isExecutableFile(atPath: probe), "scripts/test builds it (with the tests)")
        func run(_ text: String) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: probe)
            let png = FileManager.default.temporaryDirectory.appendingPathComponent("pinbox-text-\(UUID()).png").path
            defer { try? FileManager.default.removeItem(atPath: png) }
            process.arguments = [png, text]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            return String(decoding: data, as: UTF8.self)
        }
        #expect(try run(Paragraph.english + " Пароль, Κωδικός, Ünïcödé.") == "plain\n")
        #expect(try run(Paragraph.chinese + Paragraph.japanese + Paragraph.korean) == "plain\n")
        #expect(try run(Paragraph.arabic) == "pango\n")
    }
}
