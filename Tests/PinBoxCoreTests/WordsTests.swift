// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

/// A translation's placeholders filled as gettext's C formats have them: in order, or named
/// by number where a language puts them in another order.
@Suite("The values put into a translated message")
struct WordsTests {
    @Test(arguments: [
        ("process %s on %s", "process 4200 on vm"),
        ("%2$s 上的进程 %1$s", "vm 上的进程 4200"),
        ("%1$s/%1$s on %2$s", "4200/4200 on vm"),
        ("100%% of %s", "100% of 4200"),
        // What is no placeholder stays as written; a number past the values puts in nothing.
        ("%d %x 50%", "%d %x 50%"),
        ("%3$s|%$s|%1$", "|%$s|%1$"),
        ("%s %s %s", "4200 vm "),
    ])
    func placeholdersTakeTheValues(_ text: String, _ filled: String) {
        #expect(Words.filled(text, ["4200", "vm"]) == filled)
    }

    @Test func aMessageWithoutValuesIsLeftAsItIs() {
        #expect(Words.filled("100%", []) == "100%")
    }
}
