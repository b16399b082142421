// SPDX-License-Identifier: MIT
/// Normal or high: how far a prompt's colours stand from one another. High is for a user who
/// turned on the desktop's high contrast (GNOME's, which names the GTK theme "HighContrast"):
/// black and white with the few colours that must say something, every text at 7:1 or more
/// (WCAG 2.1, 1.4.6) and every edge as firm as the text. One axis of its `Appearance`;
/// `ColorScheme` is the other.
public enum Contrast: String, Equatable, Sendable, CaseIterable {
    case normal
    case high
}
