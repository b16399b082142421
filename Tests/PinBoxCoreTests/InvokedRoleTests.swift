// SPDX-License-Identifier: MIT
import PinBoxCore
import Testing

@Suite("The role a program name runs")
struct InvokedRoleTests {
    @Test(arguments: ["pinentry-pinbox", "pinentry", "pinentry-x11"])
    func pinentryNames(_ name: String) {
        #expect(InvokedRole(name: name) == .pinentry)
    }

    @Test(arguments: ["pinbox-askpass", "ssh-askpass", "x11-ssh-askpass", "ksshaskpass"])
    func askpassNames(_ name: String) {
        #expect(InvokedRole(name: name) == .askpass)
    }

    @Test(arguments: ["pinbox", "pinbox-dev", "askpass-helper", "my-pinentry", ""])
    func anyOtherNameIsTheProgram(_ name: String) {
        #expect(InvokedRole(name: name) == .program)
    }

    /// Whatever name runs a role, it reads its link's resources: `pinbox askpass` and the
    /// alternatives' names as much as the link itself.
    @Test func eachPromptRoleHasItsLink() {
        #expect(InvokedRole.askpass.link == "pinbox-askpass")
        #expect(InvokedRole.pinentry.link == "pinentry-pinbox")
        #expect(InvokedRole.program.link == nil)
    }
}
