// SPDX-License-Identifier: MIT
extension Palette {
    /// As GTK's HighContrast theme draws a dialog: black on white, every edge black, a deep
    /// blue where the normal palette has one (the default button, the focus ring, the box the
    /// next character goes in), and darker red, brown and green, each 7:1 on white, for what
    /// must stand out. Nothing is grey but the pressed button and the strength bar's track.
    public static let highContrast = Palette(
        background: .white, text: .black, secondaryText: Color(rgb: 0x262626),
        error: Color(rgb: 0xa51d2d), warning: Color(rgb: 0x7a4d00), success: Color(rgb: 0x185a25), onSuccess: .white,
        focusRing: Color(rgb: 0x0b4ba8), cue: Color(rgb: 0x0b4ba8),
        entryBackground: .white, entryText: .black, border: .black, filledBorder: .black,
        cursorBackground: Color(rgb: 0xe6efff), cursorBorder: Color(rgb: 0x0b4ba8), entryError: Color(rgb: 0xa51d2d),
        accent: Color(rgb: 0x0b4ba8), onAccent: .white, destructive: Color(rgb: 0xa51d2d),
        button: .white, buttonPressed: Color(rgb: 0xc0c0c0),
        track: Color(rgb: 0xd6d6d6), tooltipBackground: .black, tooltipText: .white,
        sheet: .highContrast)

    /// As GTK's HighContrastInverse: white on black, every edge white, light blue, salmon,
    /// yellow and green for what must stand out. A filled button here is light under a black
    /// label, as a dark label is the only one that reads 7:1 on a fill light enough to stand
    /// off the black page.
    public static let highContrastInverse = Palette(
        background: .black, text: .white, secondaryText: Color(rgb: 0xe6e6e6),
        error: Color(rgb: 0xff8a80), warning: Color(rgb: 0xffd75e), success: Color(rgb: 0x8ff0a4), onSuccess: .black,
        focusRing: Color(rgb: 0x99c1f1), cue: Color(rgb: 0x99c1f1),
        entryBackground: .black, entryText: .white, border: .white, filledBorder: .white,
        cursorBackground: Color(rgb: 0x0f2540), cursorBorder: Color(rgb: 0x99c1f1), entryError: Color(rgb: 0xff8a80),
        accent: Color(rgb: 0x99c1f1), onAccent: .black, destructive: Color(rgb: 0xff8a80),
        button: .black, buttonPressed: Color(rgb: 0x404040),
        track: Color(rgb: 0x404040), tooltipBackground: .white, tooltipText: .black,
        sheet: .highContrastInverse)
}
