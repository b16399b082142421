// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

@Suite("A question asked again: who asked the askpass what")
struct AskpassCallTests {
    /// `/proc/PID/stat` of a caller named `name`, started at tick `started`.
    private func stat(_ name: String, pid: Int = 4242, started: Int = 987_654) -> String {
        "\(pid) (\(name)) S 4100 4242 4100 34816 4242 4194560 128 0 0 0 0 0 0 0 20 0 1 0 \(started) 11000000 500 "
            + "18446744073709551615 1 1 0 0 0 0 0 4096 0 0 0 0 17 1 0 0 0 0 0 0 0 0 0 0 0 0 0\n"
    }

    @Test func sudoSshAndSshKeygenAreKnownByTheirProcessAndItsStart() throws {
        let call = try #require(AskpassCall(callerStat: stat("sudo"), prompt: "[sudo] password for alice: "))
        #expect(call.caller == 4242 && call.callerStarted == 987_654)
        #expect(AskpassCall(callerStat: stat("ssh"), prompt: "alice@host's password: ") != nil)
        #expect(AskpassCall(callerStat: stat("sudoedit"), prompt: "[sudo] password for alice: ") != nil)
        #expect(AskpassCall(callerStat: stat("ssh-keygen"), prompt: "Enter passphrase (empty for no passphrase): ") != nil)
    }

    /// git asks once, a script may ask the same words for two hosts, ssh-add says "Bad
    /// passphrase" in its second question itself: none of them is read as asking again.
    @Test(arguments: ["git", "git-remote-http", "bash", "ssh-add", "sudo-rs", "xssh", "ssh-keygen2"])
    func otherCallersAreNotRead(_ name: String) {
        #expect(AskpassCall(callerStat: stat(name), prompt: "Password: ") == nil)
    }

    /// A name with spaces and parentheses ends at the last ')': the fields after it are read
    /// from there, and such a name is no known caller.
    @Test func aNameWithParenthesesEndsAtTheLastOne() {
        #expect(AskpassCall(callerStat: stat("sudo) S 1 2 (x"), prompt: "Password: ") == nil)
        #expect(AskpassCall(callerStat: "4242 (sudo) S 4100", prompt: "Password: ") == nil, "too few fields")
        #expect(AskpassCall(callerStat: "", prompt: "Password: ") == nil)
        #expect(AskpassCall(callerStat: "x (sudo" , prompt: "Password: ") == nil)
    }

    /// The caller's name, which the askpass also names sudo by (`AskpassCaller`), read from the
    /// same line: up to the last ')', as the kernel's `comm` holds it.
    @Test func theCallersNameIsReadFromTheSameLine() {
        #expect(AskpassCall.callerName(inStat: stat("sudo")) == "sudo")
        #expect(AskpassCall.callerName(inStat: stat("my (odd) tool")) == "my (odd) tool")
        #expect(AskpassCall.callerName(inStat: "x (sudo") == nil)
        #expect(AskpassCall.callerName(inStat: "") == nil)
    }

    /// The same caller asking the same question is the same call; another process with the
    /// same ID (started later), or another question, is not.
    @Test func theSameCallerAndQuestionAreTheSameCall() throws {
        let first = try #require(AskpassCall(callerStat: stat("sudo"), prompt: "Password: "))
        #expect(AskpassCall(callerStat: stat("sudo"), prompt: "Password: ") == first)
        #expect(AskpassCall(callerStat: stat("sudo", started: 987_655), prompt: "Password: ") != first)
        #expect(AskpassCall(callerStat: stat("sudo", pid: 4243), prompt: "Password: ") != first)
        #expect(AskpassCall(callerStat: stat("sudo"), prompt: "Password:") != first)
    }

    /// A caller's calls are kept in the order answered, up to the one asked again: ssh-keygen
    /// asking its new passphrase (a), its repeat (b), then a again (the two differed) is asking
    /// a again, and then b is not (a round starts again with a); sudo asking one question three
    /// times asks it again each time. Another caller's calls go; at most `kept` stay.
    @Test func aCallersQuestionsAreKeptUntilOneIsAskedAgain() throws {
        let a = try #require(AskpassCall(callerStat: stat("ssh-keygen"), prompt: "Enter passphrase (empty for no passphrase): "))
        let b = try #require(AskpassCall(callerStat: stat("ssh-keygen"), prompt: "Enter same passphrase again: "))
        var kept = AskpassCall.calls(in: a.kept(after: []))
        #expect(kept == [a] && !kept.contains(b))
        kept = AskpassCall.calls(in: b.kept(after: kept))
        #expect(kept == [a, b])
        #expect(kept.contains(a), "a asked again")
        kept = AskpassCall.calls(in: a.kept(after: kept))
        #expect(kept == [a] && !kept.contains(b), "b, asked after a again, is asked for the first time in this round")

        let sudo = try #require(AskpassCall(callerStat: stat("sudo", pid: 77), prompt: "Password: "))
        #expect(AskpassCall.calls(in: sudo.kept(after: kept)) == [sudo], "another caller's calls are gone")
        #expect(AskpassCall.calls(in: sudo.kept(after: [sudo])) == [sudo])

        let many = (0..<20).compactMap { AskpassCall(callerStat: stat("ssh"), prompt: "Q\($0): ") }
        let all = many.reduce([AskpassCall]()) { AskpassCall.calls(in: $1.kept(after: $0)) }
        #expect(all == Array(many.suffix(AskpassCall.kept)))
        // A line that is no call ends what is read.
        #expect(AskpassCall.calls(in: a.record + "junk\n" + b.record) == [a])
        #expect(AskpassCall.calls(in: "") == [])
    }

    /// What is kept is three numbers on a line, read back as the same call; anything else
    /// (a truncated line, words, a fourth number) is no call.
    @Test func theRecordIsReadBack() throws {
        let call = try #require(AskpassCall(callerStat: stat("ssh"), prompt: "Enter passphrase for key '/k': "))
        #expect(call.record.hasPrefix("4242 987654 ") && call.record.hasSuffix("\n"))
        #expect(AskpassCall(record: call.record) == call)
        #expect(AskpassCall(record: String(call.record.dropLast())) == nil)
        #expect(AskpassCall(record: "4242 987654\n") == nil)
        #expect(AskpassCall(record: "4242 987654 1 2\n") == nil)
        #expect(AskpassCall(record: "a b c\n") == nil)
        #expect(AskpassCall(record: "") == nil)
    }
}
