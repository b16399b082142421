// SPDX-License-Identifier: MIT
/// Light or dark: the colours a prompt is drawn in. A prompt follows the desktop's choice
/// (`XDisplay.colorScheme`), unless the user names one (`--color-scheme`, the `colorScheme`
/// resource). The demo window and the payment sheet keep their seeds' looks.
public enum ColorScheme: String, Equatable, Sendable, CaseIterable {
    case light
    case dark
}
