// SPDX-License-Identifier: MIT
/// Which X resources each role reads, and what a value may do there. Any client of the display
/// can write `RESOURCE_MANAGER`, and a user's own wildcard lines (`*geometry`, `*timeout`) reach
/// every program: so a prompt reads only what changes its look, and a few settings that can
/// only make it stricter. Nothing else is even looked up. The demo window, which takes no
/// secret for anyone, reads a resource for every option it has.
///
/// Settings are named as the options are, without dashes (`dot-color`); the program turns them
/// into resource names (`dotColor`).
public enum ResourceRole: String, Equatable, Sendable {
    /// The demo window: every option has its resource.
    case demo
    /// `pinbox askpass` and `pinbox-askpass`.
    case askpass
    /// `pinbox pinentry` and `pinentry-pinbox`.
    case pinentry
    /// `pinbox --askpass`: the PIN box as a prompt.
    case pinPrompt = "askpass mode"
    /// `pinbox pay`: the payment sheet, a prompt too.
    case pay
}

/// One setting a prompt's resource may give.
public struct ResourceRule: Equatable, Sendable {
    public let setting: String
    /// Empty for a look, which takes any value the option takes; else the only values taken
    /// (compared without case): settings that may only make the prompt stricter.
    public let stricterOnly: [String]
    /// A flag (true or false) rather than an option with a value.
    public let isFlag: Bool

    init(_ setting: String, stricterOnly: [String] = [], flag: Bool = false) {
        self.setting = setting
        self.stricterOnly = stricterOnly
        isFlag = flag
    }
}

public enum ResourcePolicy {
    /// What a resource's value may be judged to be.
    public enum Verdict: Equatable, Sendable {
        case take
        /// Not taken, for this reason (said on stderr by the program).
        case refuse(String)
    }

    /// The settings `role` reads from resources; nil for the demo, which reads them all.
    public static func allowlist(for role: ResourceRole) -> [ResourceRule]? {
        let pasteOff = ResourceRule("paste", stricterOnly: ["off"])
        let grabOn = ResourceRule("grab", stricterOnly: trueWords, flag: true)
        // Light or dark, normal or high contrast, still or animated, are looks: any value, as
        // the options take it.
        let looks = [ResourceRule("color-scheme"), ResourceRule("contrast"), ResourceRule("animations")]
        switch role {
        case .demo:
            return nil
        case .askpass:
            return [ResourceRule("scale")] + looks + [pasteOff, grabOn]
        case .pay:
            return [ResourceRule("scale")] + looks + [grabOn]
        case .pinentry:
            return [ResourceRule("scale")] + looks + [pasteOff]
        case .pinPrompt:
            return fieldLooks + [ResourceRule("paste", stricterOnly: ["deny"]), grabOn,
                                 ResourceRule("secure", stricterOnly: trueWords, flag: true),
                                 ResourceRule("clear-on-blur", stricterOnly: trueWords, flag: true)]
        }
    }

    /// Whether `role` takes `value` for `setting` from a resource.
    public static func judge(_ setting: String, value: String, role: ResourceRole) -> Verdict {
        guard let list = allowlist(for: role) else { return .take }
        guard let rule = list.first(where: { $0.setting == setting }) else {
            return .refuse("not read by the \(role.rawValue) prompt")
        }
        guard let first = rule.stricterOnly.first else { return .take }
        let lowered = String(value.unicodeScalars.map { Character(lowercasedASCII($0)) })
        return rule.stricterOnly.contains(lowered) ? .take : .refuse("a resource may only make a prompt stricter (\(first))")
    }

    /// A flag's resource value that means true, as X toolkits read them.
    public static var trueWords: [String] { ["true", "yes", "on", "1"] }

    /// The PIN box's colours, line widths, radii, fonts and animation: how it looks, never what
    /// it shows (a plain look or another theme could show the digits), how many it takes, where
    /// it goes or when it gives up. A cell's background image is not read: it is a file path.
    static var fieldLooks: [ResourceRule] {
        let field = ["scale", "duration", "easing", "dot-color", "dot-radius", "frame-color", "frame-width",
                     "frame-radius", "divider-color", "divider-width", "gap"]
        let cells = CellProperty.allCases.filter { $0 != .backgroundImage }.flatMap { property in
            [property.rawValue] + CellState.allCases.map { "\($0.rawValue)-\(property.rawValue)" }
        }
        return (field + cells).map { ResourceRule($0) }
    }

    private static func lowercasedASCII(_ s: Unicode.Scalar) -> Unicode.Scalar {
        (0x41...0x5a).contains(s.value) ? Unicode.Scalar(s.value + 0x20)! : s
    }
}
