// SPDX-License-Identifier: MIT
import Foundation
import Testing
import PinBoxCore
@testable import PinBoxRender

/// Golden images of the dialogs as the window draws them (the same page and painter), focused,
/// after every animation has come to rest: passphrase, PIN, confirm (destructive), error,
/// repeat and the strength bar, at scale 1 and 2, in English and in Chinese; the dark
/// scheme's and the two high-contrast palettes' (`appearanceCases`); and every seed look alone
/// and focused, and the payment sheet.
/// Compared and rewritten as `GoldenTests` does (`scripts/update-goldens`).
@Suite("Golden images of the dialogs and looks", .serialized)
struct DialogGoldenTests {
    struct Words {
        var description, prompt, repeatPrompt, error, quality, question, delete, no: String
    }

    static let latin = Words(description: "Please enter the passphrase to unlock the OpenPGP secret key \"Alice <alice@example.org>\"",
                             prompt: "Passphrase:", repeatPrompt: "Repeat:", error: "Bad passphrase (try 2 of 3)",
                             quality: "Quality:", question: "Do you really want to delete the key 0123456789ABCDEF?",
                             delete: "Delete key", no: "No")
    static let cjk = Words(description: "请输入密码以解锁 OpenPGP 私钥“张三 <zhang@example.cn>”", prompt: "密码：",
                           repeatPrompt: "再次输入：", error: "密码错误（第 2 次，共 3 次）", quality: "质量：",
                           question: "确定要删除密钥 0123456789ABCDEF 吗？", delete: "删除密钥", no: "否")

    static let kinds = ["passphrase", "pin", "confirm", "error", "repeat", "quality"]
    static let cases: [(String, String, Int)] = kinds.flatMap { k in ["latin", "cjk"].flatMap { w in [1, 2].map { (k, w, $0) } } }
    static let looks = Theme.builtIn.map { $0.name } + ["pay"]
    /// In the dark scheme, in English: a passphrase (with the agent's "Save in password manager"
    /// ticked), PIN boxes, a destructive question, a message, a new passphrase's strength bar with
    /// its tooltip showing, and ssh's host-key question with its picture and a fingerprint typed.
    static let darkKinds = ["passphrase", "pin", "confirm", "message", "quality", "hostkey"]
    /// In both high-contrast palettes, at 1×: the passphrase, PIN boxes, the destructive
    /// question and the strength bar, where the palettes' every colour shows.
    static let highContrastKinds = ["passphrase", "pin", "confirm", "quality"]
    /// The appearances other than light and normal, by the name their goldens carry.
    static let appearances = ["dark": Appearance(.dark), "high-contrast": Appearance(.light, .high),
                              "high-contrast-inverse": Appearance(.dark, .high)]
    static let appearanceCases: [(String, Int, String)] = darkKinds.flatMap { k in [1, 2].map { (k, $0, "dark") } }
        + highContrastKinds.flatMap { k in ["high-contrast", "high-contrast-inverse"].map { (k, 1, $0) } }

    static func spec(_ kind: String, _ w: Words, scale: Double) -> (DialogSpec, typed: Int, quality: Int?) {
        var spec: DialogSpec
        var typed = 5
        var quality: Int?
        switch kind {
        case "pin":
            spec = DialogSpec(prompt: .pin(.user))
            spec.prompt = "PIN"
            typed = 4
        case "confirm":
            spec = DialogSpec(prompt: .confirm)
            spec.description = w.question
            spec.okLabel = w.delete
            spec.cancelLabel = w.no
            spec.destructive = true
            typed = 0
        case "message":
            spec = DialogSpec(prompt: .information)
            spec.description = "Your passphrase will expire in 3 days."
            typed = 0
        case "hostkey":
            spec = DialogSpec(prompt: .hostKey(HostKeyQuestion(
                text: "The authenticity of host 'example.org (192.0.2.1)' can't be established.\n"
                    + "This key is not known by any other names.\nAre you sure you want to continue connecting?",
                keyType: "ED25519", fingerprint: "SHA256:mVPwvezndPv/ARoIadVY98vAC0g+P/5633yTC4d/wXE",
                picture: HostKeyPictureTests.picture, acceptsFingerprint: true)))
            typed = 11
        default:
            spec = DialogSpec(prompt: .passphrase)
            spec.prompt = w.prompt
        }
        if !["confirm", "message", "hostkey"].contains(kind) { spec.description = w.description }
        if kind == "error" { spec.error = w.error }
        if kind == "repeat" { spec.repeatPrompt = w.repeatPrompt }
        if kind == "quality" {
            spec.qualityLabel = w.quality
            spec.repeatPrompt = w.repeatPrompt
            quality = 55
        }
        spec.scale = scale
        return (spec, typed, quality)
    }

    /// The page as the window shows it: at its natural size, focused, `typed` characters in;
    /// with `tip`, the pointer resting on the strength bar long enough for its tooltip.
    static func render(_ page: Page, typed: Int, quality: Int? = nil, tip: Bool = false) throws -> Canvas {
        _ = page.handle(.resize(page.preferredSize), now: 0)
        _ = page.handle(.windowFocus(true), now: 0)
        for _ in 0..<typed { _ = page.handle(.character("7"), now: 0) }
        if let quality { page.setQuality(quality) }
        if tip, case .dialog(let layout) = page.geometry, let bar = layout.quality {
            _ = page.handle(.hover(.moved(bar.mid)), now: 1)
        }
        let canvas = try Canvas(width: Int(page.preferredSize.width), height: Int(page.preferredSize.height))
        // Ten seconds on: every dot at rest, the caret still (shown).
        PagePainter.draw(page.scene(at: 30), on: canvas)
        return canvas
    }

    @Test("each dialog matches its golden", arguments: cases)
    func dialogMatchesGolden(_ kind: String, _ words: String, _ scale: Int) throws {
        // Chinese text in its Simplified forms, whatever the test's locale.
        try withTextLanguage(words == "cjk" ? "zh_CN.UTF-8" : "C.UTF-8") {
            let (spec, typed, quality) = Self.spec(kind, words == "cjk" ? Self.cjk : Self.latin, scale: Double(scale))
            let page = try spec.makePage(measure: TextLayout.measure)
            try GoldenTests.check(try Self.render(page, typed: typed, quality: quality),
                                  name: "dialog-\(kind)-\(words)@\(scale)x")
        }
    }

    /// The dark and high-contrast dialogs (`Palette.dark`, `.highContrast`,
    /// `.highContrastInverse`): the same pages as the light ones, drawn in the other palettes.
    @Test("each dark or high-contrast dialog matches its golden", arguments: appearanceCases)
    func appearanceDialogMatchesGolden(_ kind: String, _ scale: Int, _ name: String) throws {
        let appearance = try #require(Self.appearances[name])
        try withTextLanguage("C.UTF-8") {
            var (spec, typed, quality) = Self.spec(kind, Self.latin, scale: Double(scale))
            if kind == "passphrase" {
                spec.savePasswordLabel = "_Save in password manager"
                spec.savePasswordTicked = true
            }
            if kind == "quality" {
                spec.qualityTooltip = "The quality of the text entered above.\nPlease ask your administrator for details about the criteria."
            }
            spec.appearance = appearance
            let page = try spec.makePage(measure: TextLayout.measure)
            #expect(page.scene(at: 0).palette == appearance.palette)
            try GoldenTests.check(try Self.render(page, typed: typed, quality: quality, tip: kind == "quality"),
                                  name: "dialog-\(kind)-\(name)@\(scale)x")
        }
    }

    @Test("each look, alone and focused, matches its golden", arguments: looks)
    func lookMatchesGolden(_ look: String) throws {
        let page: Page
        if look == "pay" {
            page = try Self.paySheet(Appearance())
        } else {
            let field = PageField(name: "pin", label: "",
                                  configuration: try FieldConfiguration(theme: try #require(Theme.named(look))))
            page = Page(workbench: [field], content: PageContent(title: "Enter your payment password", hint: "Esc clear"),
                        rules: PageRules(), scale: 1, measure: TextLayout.measure)
        }
        try GoldenTests.check(try Self.render(page, typed: 2), name: "look-\(look)-focused")
    }

    /// The payment sheet in the dark and high-contrast palettes, at 1× and 2×: the light one is
    /// `look-pay-focused`, the seeds' sheet.
    static let paySheetCases: [(String, Int)] = appearances.keys.sorted().flatMap { name in [1, 2].map { (name, $0) } }

    @Test("the payment sheet in each other palette matches its golden", arguments: paySheetCases)
    func paySheetMatchesGolden(_ name: String, _ scale: Int) throws {
        let page = try Self.paySheet(try #require(Self.appearances[name]), scale: Double(scale))
        try GoldenTests.check(try Self.render(page, typed: 2), name: "pay-\(name)@\(scale)x")
    }

    static func paySheet(_ appearance: Appearance, scale: Double = 1) throws -> Page {
        var spec = PaySheetSpec()
        spec.payee = "Coffee Shop"
        spec.amount = "¥25.00"
        spec.appearance = appearance
        spec.scale = scale
        return try spec.makePage(measure: TextLayout.measure)
    }
}
