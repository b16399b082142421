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

    @Test(arguments: [("ssh-askpass", "pinbox-askpass"), ("pinentry", "pinentry-pinbox"),
                      ("pinentry-x11", "pinentry-pinbox"), ("pinbox-askpass", "pinbox-askpass"),
                      ("pinentry-pinbox", "pinentry-pinbox"), ("work-askpass", "work-askpass"), ("pinbox", "pinbox")])
    func theAlternativesNamesLookResourcesUpAsTheRoleLink(_ name: String, _ instance: String) {
        #expect(InvokedRole.resourceInstance(startedAs: name) == instance)
    }
}
