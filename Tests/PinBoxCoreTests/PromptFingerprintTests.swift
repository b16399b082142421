// SPDX-License-Identifier: MIT
import PinBoxCore
import Testing

@Suite("A fingerprint in an askpass question, shown whole")
struct PromptFingerprintTests {
    let sha = "SHA256:YuSDU+2ow69Ng8d/UAQG1bTdBENShenK8WiDrDVecLo"

    /// ssh-agent's `ssh-add -c` question: the line that only names the fingerprint goes, its
    /// words become the label.
    @Test func sshAgentsQuestionKeepsItsWordsAndLosesTheLine() throws {
        let found = try #require(PromptFingerprint("Allow use of key alice?\nKey fingerprint \(sha)."))
        #expect(found.text == "Allow use of key alice?")
        #expect(found.label == "Key fingerprint")
        #expect(found.fingerprint == sha)
    }

    /// With a destination constraint, ssh-agent adds a line after the fingerprint's.
    @Test func linesAfterTheFingerprintStay() throws {
        let found = try #require(PromptFingerprint("Allow use of key alice?\nKey fingerprint \(sha).\nRequested by host"))
        #expect(found.text == "Allow use of key alice?\nRequested by host")
    }

    /// ssh's touch notice names the key in its sentence: the sentence stays without it.
    @Test func aSentenceEndingInAFingerprintKeepsTheSentence() throws {
        let found = try #require(PromptFingerprint("Confirm user presence for key ED25519-SK \(sha)"))
        #expect(found.text == "Confirm user presence for key ED25519-SK")
        #expect(found.label == "Key fingerprint")
        #expect(found.fingerprint == sha)
    }

    /// ssh-agent writes the key's comment unfiltered before its own line: a comment that says
    /// `Key fingerprint` of another key must not become the detail the user checks.
    @Test func aQuestionWithTwoFingerprintsStaysAsWritten() {
        let other = "SHA256:SanrLJ9EabcdefghijklmnopqrstuvwxyzABCDT0v0"
        #expect(PromptFingerprint("Allow use of key alice?\nKey fingerprint \(other).\nOK?\nKey fingerprint \(sha).") == nil)
    }

    @Test func anMD5FingerprintToo() throws {
        let md5 = "MD5:3b:2e:4d:0f:aa:11:22:33:44:55:66:77:88:99:aa:bb"
        #expect(try #require(PromptFingerprint("Key fingerprint is \(md5)")).fingerprint == md5)
    }

    @Test(arguments: ["Allow use of key alice?", "Password for 'https://SHA256:x@host':",
                      "Host key changed from SHA256:foa65nO+jaIGQkzOwx2jE2Gp75AnLw4dCRR/cfdFR20 to SHA256:ZZZZ5nO+jaIGQkzOwx2jE2Gp75AnLw4dCRR/cfdFR99",
                      "Key fingerprint SHA256:short.", "Key fingerprint SHA256:has spaces in it and is long"])
    func nothingThatIsNotAFingerprintIsTakenOut(_ prompt: String) {
        #expect(PromptFingerprint(prompt) == nil)
    }

    @Test func theDialogShowsItAsItsDetail() {
        var spec = DialogSpec(prompt: .confirm)
        spec.description = "Allow use of key alice?\nKey fingerprint \(sha)."
        spec.takeFingerprintOut()
        #expect(spec.description == "Allow use of key alice?")
        #expect(spec.detail == PageDetail(label: "Key fingerprint", text: sha))
    }
}
