// SPDX-License-Identifier: MIT
@testable import PinBoxAssuan
import Testing

/// gpg-agent's client named as the dialog names it (`OwnerName`), from what the kernel says of
/// it: the checks are pinentry's (`pinentry_get_title`), the shape is the dialog's.
@Suite("Who asked the pinentry")
struct OwnerNameTests {
    static let status = "Name:\tgpg\nUmask:\t0077\nState:\tS (sleeping)\nTgid:\t4200\nPid:\t4200\nPPid:\t99\n"
        + "Uid:\t1000\t1000\t1000\t1000\nGid:\t1000\t1000\t1000\t1000\n"
    static let sign = Array("gpg\0--sign\0report.txt\0".utf8)

    private func named(_ owner: Owner, status: String? = status, commandLine: [UInt8]? = sign) -> String {
        OwnerName.text(of: owner, hostName: "vm", userID: 1000, status: status, commandLine: commandLine)
    }

    @Test func aProcessOfTheUserHereIsNamedByItsCommandLine() {
        // gpg-agent 2.4 names the user; 2.2 does not, and the user is then this process's.
        #expect(named(Owner(pid: 4200, uid: 1000, host: "vm")) == "gpg --sign report.txt")
        #expect(named(Owner(pid: 4200, host: "vm")) == "gpg --sign report.txt")
        // No command line to read (it ended, or is a kernel thread's): its name.
        #expect(named(Owner(pid: 4200, host: "vm"), commandLine: nil) == "gpg")
        #expect(named(Owner(pid: 4200, host: "vm"), commandLine: [0]) == "gpg")
    }

    @Test func whatCannotBeVouchedForIsNamedByItsNumber() {
        // Another user's process (the agent said so, or its ID was given to another's since).
        #expect(named(Owner(pid: 4200, uid: 0, host: "vm")) == "process 4200")
        #expect(OwnerName.text(of: Owner(pid: 4200, host: "vm"), hostName: "vm", userID: 1001,
                               status: Self.status, commandLine: Self.sign) == "process 4200")
        // It has ended; its status is not the kernel's shape.
        #expect(named(Owner(pid: 4200, host: "vm"), status: nil) == "process 4200")
        #expect(named(Owner(pid: 4200, host: "vm"), status: "Uid:\t1000\n") == "process 4200")
        // No machine named: pinentry's "<unknown host>".
        #expect(named(Owner(pid: 4200)) == "process 4200")
    }

    @Test func aProgramOnAnotherMachineIsSaidToBeThere() {
        // A forwarded agent socket: this machine's /proc says nothing of that process.
        #expect(named(Owner(pid: 4200, uid: 1000, host: "build-server")) == "process 4200 on build-server")
        // The name as the agent sent it cannot break the line or turn it around.
        #expect(named(Owner(pid: 7, host: "evil\u{202E}moc.knab")) == "process 7 on evil\u{FFFD}moc.knab")
    }

    @Test func argumentsAreShownAsAShellWouldTakeThemBack() {
        let line = OwnerName.command(Array("gpg\0--decrypt\0my report.gpg\0it's\0\0".utf8))
        #expect(line == "gpg --decrypt 'my report.gpg' 'it'\\''s' ''")
    }

    @Test func controlAndFormatCharactersAreShownHarmless() {
        // A line feed or an escape would start a line of the program's own choosing; a bidi
        // override would turn "gpg … txt.exe" around; undecodable bytes are U+FFFD already.
        let line = OwnerName.command(Array("gpg\0a\nb\0\u{1B}[31m\0\u{202E}exe.txt\0".utf8) + [0xFF, 0])
        #expect(line == "gpg a\u{FFFD}b \u{FFFD}[31m \u{FFFD}exe.txt \u{FFFD}")
    }

    @Test func aLongCommandLineKeepsTheFilesItWorksOn() {
        // Paths after the program by their last part (an option's name kept before one), then
        // words from the middle given up.
        let folder = "/tmp/pinbox-tty-0BF3A3D5-6F27-4F1E-9B5F-BB7FF3C0D240/"
        let decrypt = "gpg\0--pinentry-mode\0ask\0--output=" + folder + "out1.txt\0--decrypt\0" + folder + "plain.gpg\0"
        #expect(OwnerName.command(Array(decrypt.utf8)) == "gpg --pinentry-mode ask … --decrypt …/plain.gpg")
        let output = "gpg\0--output=" + folder + "out1.txt\0--decrypt\0" + folder + "my plain.gpg\0"
        #expect(OwnerName.command(Array(output.utf8)) == "gpg --output=…/out1.txt --decrypt '…/my plain.gpg'")
        // A program's own path is kept; a relative path with no folder, a lone "/" or one
        // ending in "/" too.
        let kept = "/usr/bin/gpg\0--homedir\0./home\0--\0/\0/tmp/x/\0" + folder + "a.gpg\0"
        #expect(OwnerName.command(Array(kept.utf8)) == "/usr/bin/gpg --homedir ./home -- / /tmp/x/ …/a.gpg")
    }

    @Test func wordsFromTheMiddleAreGivenUpFirst() {
        // pass's gpg: the options alone are longer than a line.
        let path = "/home/alice/.password-store/accounts/example.org/alice.gpg"
        let pass = "gpg\0-d\0--quiet\0--yes\0--compress-algo=none\0--no-encrypt-to\0--batch\0--use-agent\0" + path + "\0"
        #expect(OwnerName.command(Array(pass.utf8)) == "gpg -d --quiet --yes … --batch --use-agent …/alice.gpg")
        // One that fits is whole.
        #expect(OwnerName.command(Array("gpg\0--sign\0".utf8)) == "gpg --sign")
    }

    @Test func aWordTooLongToShowLosesItsMiddleCharacters() {
        let long = String(repeating: "x", count: 100)
        let shown = try! #require(OwnerName.command(Array(("gpg\0--sign\0" + long + "\0").utf8)))
        #expect(shown.count == OwnerName.longest)
        #expect(shown.hasPrefix("gpg --sign xxx") && shown.contains("x…x") && shown.hasSuffix("xxx"))
    }
}
