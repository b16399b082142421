// SPDX-License-Identifier: MIT
import Foundation
import PinBoxRender

/// The text language is the process's (`TextLayout.setLanguage`), and the tests run side by side:
/// a test that sets it, or whose pixels depend on it (a Chinese character drawn twice), holds
/// this lock for its whole body, so that no other test changes the fonts under it.
private let textLanguageLock = NSLock()

func withTextLanguage<T>(_ locale: String?, _ body: () throws -> T) rethrows -> T {
    textLanguageLock.lock()
    defer { textLanguageLock.unlock() }
    TextLayout.setLanguage(locale)
    defer { TextLayout.setLanguage(nil) }
    return try body()
}
