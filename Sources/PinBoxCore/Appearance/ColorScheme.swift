// SPDX-License-Identifier: MIT
/// Light or dark: a prompt's page and text, dark on light or light on dark. One axis of its
/// `Appearance`; `Contrast` is the other.
public enum ColorScheme: String, Equatable, Sendable, CaseIterable {
    case light
    case dark
}
