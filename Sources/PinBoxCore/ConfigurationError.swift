// SPDX-License-Identifier: MIT
/// A configuration the product refuses: a capacity, a grid, a colour or a size out of range.
/// It names the setting at fault in the core's own words (`count`, `frame-color`) and says what
/// is wrong without naming any option: the core does not know where the value came from. A
/// front end names the setting its own way (the command line's `--count`, the X resource
/// `PinBox.count`) before the problem.
public struct ConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The setting at fault: `count`, `rows`, `columns`, `size`, `scale`, `duration`, `keys`,
    /// a look such as `gap` or `frame-color`, or a cell's `[STATE-]PROPERTY` such as
    /// `highlight-border-color`. Nil when no one setting is at fault (a grid too big).
    public let setting: String?
    /// What is wrong, written to follow the setting's name: "must be between 1 and 100, not 0".
    public let problem: String

    public init(_ setting: String?, _ problem: String) {
        self.setting = setting
        self.problem = problem
    }

    /// The setting and its problem in the core's words: "count must be between 1 and 100, not 0".
    public var message: String { setting.map { "\($0) \(problem)" } ?? problem }

    public var description: String { message }
}
