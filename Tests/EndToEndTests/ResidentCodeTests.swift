// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import Testing

/// A prompt's own code is resident where it runs, and the rest of the program stays on disk. The
/// release link lays the functions the prompts run side by side (share/linking/code-order, written
/// by scripts/order-code), so the pages of code a pinentry never runs (the payment sheet, the
/// workbench, the captures, the terminal dialogs) are never mapped in. Laid out as the link
/// would take them, the functions it runs lay among all the others, and nearly every page of the
/// program's code was resident (docs/performance-notes.md).
@Suite struct ResidentCodeTests {
    /// The pinentry as gpg-agent starts it for a key's passphrase: a dialog shown, a passphrase
    /// typed with a correction and answered. Then, with the pinentry still running, at most three
    /// quarters of its program's executable segment (the code, and the constants after it) is
    /// resident: laid out in the link's own order, nearly all of it was. And at least a quarter
    /// is, which the dialog's code takes (the reading's control).
    @Test func aPinentryLeavesTheCodeItNeverRunsOnDisk() throws {
        let xvfb = try Xvfb()
        // The release build (stripped when installed, its code laid out the same): only its link
        // orders the code, the debug build's does not.
        let program = try DesktopTests.releaseBinary()
        let pinentry = try PinentryDriver(display: xvfb.display, program: program)
        pinentry.send("OPTION lc-ctype=C.UTF-8\nOPTION allow-external-password-cache\n"
                      + "SETKEYINFO n/0123456789ABCDEF0123456789ABCDEF01234567\n"
                      + "SETDESC Please enter the passphrase to unlock the OpenPGP secret key:%0A\"Alice <alice@example.org>\"\n"
                      + "SETPROMPT Passphrase:\nGETPIN\n")
        try pinentry.window()
        try pinentry.type("correct horsf")
        try pinentry.key("BackSpace")
        try pinentry.type("e")
        try pinentry.key("Return")
        try pinentry.waitOutput("D correct horse\nOK\n")
        let segment = try Self.executableSegment(of: pinentry.pid, program: program)
        #expect(segment.resident * 4 <= segment.size * 3, "resident \(segment.resident) of \(segment.size) kB")
        #expect(segment.resident * 4 >= segment.size, "resident \(segment.resident) of \(segment.size) kB")
        pinentry.send("BYE\n")
        #expect(try pinentry.waitExit() == 0)
    }

    /// The size and the resident part, in kB, of the mapping of `program`'s code in process `pid`.
    static func executableSegment(of pid: pid_t, program: String) throws -> (size: Int, resident: Int) {
        let path = URL(fileURLWithPath: program).resolvingSymlinksInPath().path
        var inside = false, size: Int?
        for line in procFile("/proc/\(pid)/smaps").split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let range = fields.first, range.contains("-"), fields.count >= 2, !range.hasSuffix(":") {
                inside = fields[1] == "r-xp" && fields.last.map(String.init) == path
            } else if inside, fields.first == "Size:" {
                size = Int(fields[1])
            } else if inside, fields.first == "Rss:", let size, let resident = Int(fields[1]) {
                return (size, resident)
            }
        }
        throw TestFailure("no executable mapping of \(path) in /proc/\(pid)/smaps")
    }
}
