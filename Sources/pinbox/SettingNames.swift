// SPDX-License-Identifier: MIT
import PinBoxCore
import PinBoxRender

/// Where a setting of the core becomes what the user typed. The core and the renderer say
/// which setting is wrong (`count`) and what is wrong with it; only here is the setting spelt
/// as the option that set it (`--count`, askpass's `--length`), or as the X resource that did
/// (`resource PinBox.count`, see Resources.swift), so stderr names what the user can change.
struct SettingNames {
    /// Settings a command takes under an option of another name: askpass's `--length` is the count.
    var options: [String: String] = [:]
    /// Options that X resources gave and the command line did not: an error in one names the
    /// resource, as a bad resource value is named.
    var fromResources: Set<String> = []

    /// The option that sets `setting`: `frame-color` → `--frame-color`.
    func option(for setting: String) -> String {
        options[setting] ?? "--" + setting
    }

    /// One line for stderr: "--count must be between 1 and 100, not 0", or
    /// "resource PinBox.count: must be between 1 and 100, not 0".
    func message(setting: String?, problem: String) -> String {
        guard let setting else { return problem }
        let option = option(for: setting)
        if fromResources.contains(option) { return "\(ResourceArguments.shown(option)): \(problem)" }
        return "\(option) \(problem)"
    }

    func usageError(_ error: ConfigurationError) -> UsageError {
        UsageError(message(setting: error.setting, problem: error.problem))
    }

    func usageError(_ error: RenderError) -> UsageError {
        UsageError(message(setting: error.setting, problem: error.problem))
    }
}
