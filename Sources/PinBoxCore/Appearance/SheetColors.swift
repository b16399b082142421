// SPDX-License-Identifier: MIT
/// The payment sheet's own colours, beside what it shares with every prompt's page (`Palette`:
/// its text, the error line, the focus ring). In `light` they are the seeds' sheet as Alipay and
/// WeChat Pay draw it; the others give it each palette's ground, as both apps have their own dark
/// mode. What stands on the sheet (the title, the payee, the amount, the ×, the link, the error
/// line, the focus ring) reaches against `sheet` what the palette asks of it against the page,
/// and a key's digit against `key` and `keyPressed` (`PaletteTests`).
public struct SheetColors: Equatable, Sendable {
    /// The app the sheet rose over, dimmed.
    public var backdrop: Color
    /// The sheet itself.
    public var sheet: Color
    /// The line under the header: it only separates, it bounds nothing.
    public var hairline: Color
    /// The band the number pad's keys stand on; ⌫ is drawn on it.
    public var keypad: Color
    /// A digit's key.
    public var key: Color
    /// A key held down.
    public var keyPressed: Color
    /// Each key's edge, where its fill alone would not set it off the band; nil for none.
    public var keyBorder: Color?
    /// "Forgot password?": a link, text on `sheet`.
    public var link: Color

    /// The seeds' sheet: white, over a grey band of white keys, the seed's hairline.
    public static let light = SheetColors(
        backdrop: Color(rgb: 0x7b7f86), sheet: .white, hairline: Color(rgb: 0xcdcdcd), keypad: Color(rgb: 0xd5d8dd),
        key: .white, keyPressed: Color(rgb: 0xb4bac3), keyBorder: nil, link: Color(rgb: 0x1565c0))

    /// On the dark palette's page: the sheet is its ground and a key one of its buttons, over a
    /// darker band, the link in the palette's lighter blue.
    public static let dark = SheetColors(
        backdrop: Color(rgb: 0x101010), sheet: Color(rgb: 0x242424), hairline: Color(rgb: 0x3d3d3d),
        keypad: Color(rgb: 0x1a1a1a), key: Color(rgb: 0x383838), keyPressed: Color(rgb: 0x50555e), keyBorder: nil,
        link: Color(rgb: 0x62a0ea))

    /// Black on white: the band is the sheet, each key ringed in black.
    public static let highContrast = SheetColors(
        backdrop: Color(rgb: 0x595959), sheet: .white, hairline: .black, keypad: .white, key: .white,
        keyPressed: Color(rgb: 0xc0c0c0), keyBorder: .black, link: Color(rgb: 0x0b4ba8))

    /// White on black: the band is the sheet, each key ringed in white.
    public static let highContrastInverse = SheetColors(
        backdrop: Color(rgb: 0x595959), sheet: .black, hairline: .white, keypad: .black, key: .black,
        keyPressed: Color(rgb: 0x404040), keyBorder: .white, link: Color(rgb: 0x99c1f1))
}
