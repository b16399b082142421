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

    public init(scheme: ColorScheme? = nil, contrast: Contrast? = nil, animations: Bool? = nil) {
        self.scheme = scheme
        self.contrast = contrast
        self.animations = animations
    }

    /// These, and `fallback`'s where these name nothing: a command line over the resources.
    public func over(_ fallback: Preferences) -> Preferences {
        Preferences(scheme: scheme ?? fallback.scheme, contrast: contrast ?? fallback.contrast,
                    animations: animations ?? fallback.animations)
    }
}
