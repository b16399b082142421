import Foundation
import Testing

/// The workbench keys reach the window as commands, not as refused keys: a PIN field never
/// sees them (what each does is the page's business, tested in the core).
@Suite("Workbench keys, end to end", .timeLimit(.minutes(2)))
struct WorkbenchKeyTests {
    @Test func functionKeysAreCommandsNotRefusedKeys() throws {
        let s = try Session(["--style", "strip"])
        try s.pinbox.keys("F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8", "Pause", "1")
        try s.pinbox.waitFor("change", count: 1)
        #expect(s.pinbox.events("rejected").isEmpty, "\(s.pinbox.events("rejected"))")
        #expect(s.length("strip") == 1)
        // A function key that is not a workbench key is refused like any other key.
        try s.pinbox.keys("F9")
        try s.pinbox.waitFor("rejected", count: 1)
    }
}
