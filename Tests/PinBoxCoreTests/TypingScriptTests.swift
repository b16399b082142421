// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

@Suite("Typing scripts")
struct TypingScriptTests {
    @Test func keysAtTimesInOrder() throws {
        let s = try TypingScript(parsing: "2@0.15 1@0 BackSpace@0.6 Escape@0.7 Return@1.2 a@2 @@3")
        #expect(s.strokes.map { $0.time } == [0, 0.15, 0.6, 0.7, 1.2, 2, 3])
        #expect(s.strokes.map { $0.key } == [.character(0x31), .character(0x32), .deleteBackward, .clear, .submit,
                                             .character(0x61), .character(0x40)])
        #expect(s.end == 3)
    }

    @Test("malformed scripts are refused, naming the keys setting", arguments: [
        ("", "needs at least one KEY@SECONDS"),
        ("1", "expects KEY@SECONDS (0…3600), as in \"1@0 2@0.15\"; one entry is not"),
        ("1@", "expects KEY@SECONDS (0…3600), as in \"1@0 2@0.15\"; one entry is not"),
        ("1@x", "expects KEY@SECONDS (0…3600), as in \"1@0 2@0.15\"; one entry is not"),
        ("@0", "expects KEY@SECONDS (0…3600), as in \"1@0 2@0.15\"; one entry is not"),
        ("1@-1", "expects KEY@SECONDS (0…3600), as in \"1@0 2@0.15\"; one entry is not"),
        ("1@nan", "expects KEY@SECONDS (0…3600), as in \"1@0 2@0.15\"; one entry is not"),
        ("12@0", "expects each key to be one printable character, BackSpace, Escape or Return"),
        ("Tab@0", "expects each key to be one printable character, BackSpace, Escape or Return"),
    ])
    func refused(_ text: String, _ problem: String) {
        #expect(throws: ConfigurationError("keys", problem)) { try TypingScript(parsing: text) }
    }

    @Test func aScriptedFieldPlaysKeysAtTheirTimes() throws {
        let configuration = try FieldConfiguration()
        var played = ScriptedField(configuration, script: try TypingScript(parsing: "1@0 2@0.1 x@0.3 BackSpace@0.5"))
        played.advance(to: 0.05)
        #expect(played.field.length == 1 && abs(played.animator.presence(of: 0, at: 0.05) - 0.25) < 1e-12)
        played.advance(to: 0.3)
        #expect(played.field.length == 2 && played.animator.cueStrength(at: 0.3) == 1, "x is refused: the error look")
        played.advance(to: 0.6)
        #expect(played.field.length == 1 && abs(played.animator.presence(of: 1, at: 0.6) - 0.5) < 1e-12)
        // Still after the refusal's look (0.3 + 0.6 s) and the fade-out (0.5 + 0.2 s).
        #expect(abs(ScriptedField.restTime(of: played.script, on: configuration) - 0.9) < 1e-12)
    }

    @Test func aSubmitShowsSuccessAndEmptiesTheField() throws {
        let configuration = try FieldConfiguration(count: 2)
        var played = ScriptedField(configuration, script: try TypingScript(parsing: "1@0 Return@0.1 2@0.2 Return@0.3 Return@0.4"))
        played.advance(to: 0.1)
        #expect(played.animator.cueStrength(at: 0.1) == 1, "an incomplete field refuses Return")
        played.advance(to: 0.3)
        #expect(played.field.isEmpty && played.animator.successStrength(at: 0.5) == 1)
    }
}
