// SPDX-License-Identifier: MIT
/// What the user named of how a prompt looks and moves, on its command line or in its X
/// resources; nil where the desktop decides (`XDisplay.desktopChoices`).
public struct Preferences: Equatable, Sendable {
    /// `--color-scheme`, the `colorScheme` resource.
    public var scheme: ColorScheme?
    /// `--contrast`, the `contrast` resource.
    public var contrast: Contrast?
    /// `--animations on|off`, the `animations` resource.
    public var animations: Bool?
    /// `--scale`, the `scale` resource: the size the user chose. Nil where the screen's
    /// resolution decides (`Xft.dpi`, the desktop's `Xft/DPI`), which a prompt follows while
    /// it is open.
    public var scale: Double?

    public init(scheme: ColorScheme? = nil, contrast: Contrast? = nil, animations: Bool? = nil, scale: Double? = nil) {
        self.scheme = scheme
        self.contrast = contrast
        self.animations = animations
        self.scale = scale
    }

    /// These, and `fallback`'s where these name nothing: a command line over the resources.
    public func over(_ fallback: Preferences) -> Preferences {
        Preferences(scheme: scheme ?? fallback.scheme, contrast: contrast ?? fallback.contrast,
                    animations: animations ?? fallback.animations, scale: scale ?? fallback.scale)
    }
}
