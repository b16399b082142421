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
}
