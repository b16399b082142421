// SPDX-License-Identifier: MIT
import PinBoxCore

extension ArgumentReader {
    /// Reads `option` into `preferences` when it is one of the prompts' looks (`--color-scheme`,
    /// `--contrast`, `--animations`): one reading for the askpass's command line and for both
    /// prompts' resources, so a resource is checked as the option is. False, nothing read, for
    /// any other option.
    mutating func preference(_ option: String, into preferences: inout Preferences) throws(UsageError) -> Bool {
        switch option {
        case "--color-scheme": preferences.scheme = try choice(for: option, of: ColorScheme.self)
        case "--contrast": preferences.contrast = try choice(for: option, of: Contrast.self)
        case "--animations": preferences.animations = try choice(for: option, of: OnOff.self) == .on
        default: return false
        }
        return true
    }
}
