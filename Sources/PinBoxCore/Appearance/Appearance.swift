// SPDX-License-Identifier: MIT
/// The colours a prompt is drawn in: light or dark, normal or high contrast. A prompt follows
/// the desktop's choice (`XDisplay.desktopChoices`), unless the user names one or both
/// (`--color-scheme`, `--contrast`, or their resources); so does the payment sheet, whose light
/// and normal look is the seeds' sheet. The demo window keeps its seeds' looks.
public struct Appearance: Equatable, Sendable {
    public var scheme: ColorScheme
    public var contrast: Contrast

    public init(_ scheme: ColorScheme = .light, _ contrast: Contrast = .normal) {
        self.scheme = scheme
        self.contrast = contrast
    }

    /// Every colour of a page drawn so.
    public var palette: Palette {
        switch (scheme, contrast) {
        case (.light, .normal): .light
        case (.dark, .normal): .dark
        case (.light, .high): .highContrast
        case (.dark, .high): .highContrastInverse
        }
    }
}

extension Appearance: CaseIterable, CustomStringConvertible {
    public static var allCases: [Appearance] {
        ColorScheme.allCases.flatMap { scheme in Contrast.allCases.map { Appearance(scheme, $0) } }
    }

    public var description: String { contrast == .high ? "\(scheme.rawValue), high contrast" : scheme.rawValue }
}
