// SPDX-License-Identifier: MIT
import CSystem
import PinBoxCore
import PinBoxX11

/// X resources as command-line arguments. Every option `--dot-color` that has a resource has it
/// under the camel-case name `dotColor`, class `PinBox`, instance name the program's (or
/// `-name`'s); the resources found become arguments placed before the real command line, so the
/// command line wins and a bad value is reported as a bad option is, naming the resource.
struct ResourceArguments {
    /// An option that can be set by a resource, and whether it takes a value (a flag's resource
    /// is true or false).
    struct Option {
        let name: String
        let takesValue: Bool
        init(_ name: String, value takesValue: Bool = true) {
            self.name = name
            self.takesValue = takesValue
        }
    }

    static let className = "PinBox"

    /// The window's and the fields' options. Not here: what cannot come from a shared database
    /// (`--display`, `--name`, `--xrm`), the askpass mode, and `--reveal`, so that no resource
    /// can make a prompt print a PIN. The cells' per-state options (`--highlight-border-color`,
    /// resource `highlightBorderColor`) come from the core's lists of states and properties.
    static let windowOptions: [Option] = [
        Option("--style"), Option("--count"), Option("--rows"), Option("--columns"), Option("--size"),
        Option("--scale"), Option("--plain", value: false), Option("--secure", value: false), Option("--accept"),
        Option("--duration"), Option("--paste"), Option("--easing"),
        Option("--dot-color"), Option("--dot-radius"), Option("--frame-color"), Option("--frame-width"),
        Option("--frame-radius"), Option("--divider-color"), Option("--divider-width"), Option("--gap"),
        Option("--geometry"), Option("--exit-on-complete", value: false), Option("--screenshot-dir"),
        Option("--quiet", value: false), Option("--grab", value: false), Option("--timeout"),
        Option("--clear-on-blur", value: false),
    ] + cellOptions

    /// `--PROPERTY` and `--STATE-PROPERTY` for every cell property and state.
    static var cellOptions: [Option] {
        CellProperty.allCases.flatMap { property in
            [Option("--" + property.rawValue)] + CellState.allCases.map { Option("--\($0.rawValue)-\(property.rawValue)") }
        }
    }

    /// How an error names the resource of `option`: `--dot-color` → `resource PinBox.dotColor`.
    static func shown(_ option: String) -> String {
        "resource \(className).\(resourceName(of: option))"
    }

    /// `--dot-color` → `dotColor`.
    static func resourceName(of option: String) -> String {
        var name = ""
        var upper = false
        for c in option.drop(while: { $0 == "-" }) {
            if c == "-" { upper = true; continue }
            name += upper ? asciiCase(c, upper: true) : String(c)
            upper = false
        }
        return name
    }

    /// The base name of the program as it was started (`pinbox-askpass` through the link),
    /// which decides its role.
    static var programName: String {
        guard let argv = pinbox_argv(), pinbox_argc() > 0, let first = argv[0] else { return "pinbox" }
        let path = String(cString: first)
        let base = path.split(separator: "/").last.map(String.init) ?? ""
        return base.isEmpty ? "pinbox" : base
    }

    /// The instance names `role`'s resources are looked up under, so a user can style each
    /// role by its own name: the program's name (its WM_CLASS too), then the role's link's
    /// (InvokedRole.link) however the role was started, `pinbox askpass` as much as
    /// `ssh-askpass`: the first's value wins, unless the role refuses it (`arguments`).
    static func instanceNames(of role: InvokedRole) -> [String] {
        guard let link = role.link, link != programName else { return [programName] }
        return [programName, link]
    }

    /// The options a prompt role reads from resources: the core's allowlist (ResourcePolicy),
    /// as the options they set.
    static func options(for role: ResourceRole) -> [Option] {
        (ResourcePolicy.allowlist(for: role) ?? []).map { Option("--" + $0.setting, value: !$0.isFlag) }
    }

    /// The scale the screen's resolution asks for (`Xft.dpi`, else the desktop's XSETTINGS, else
    /// `GDK_SCALE`: `ScreenResolution`); nil where none says. A prompt takes it where the user
    /// named no scale, and follows it while open (`Preferences.scale`).
    static func screenScale(_ resources: XResources) -> Double? {
        resources.dpi.map(ScreenResolution.scale)
    }

    /// The arguments the resources amount to, in the order they must be read: one or two per
    /// resource set (the screen's scale is not among them: `screenScale`).
    /// Each resource is checked alone with `validate` (the command's own parser), so a bad
    /// value is reported naming the resource. `role` (`askpass`, `pinentry`) is a component
    /// between instance and resource: `PinBox.pinentry.style` styles that role only.
    ///
    /// `policy` says what the role takes (ResourcePolicy): the demo reads every option and a bad
    /// value ends it as a bad option does (exit 2); a prompt looks up only its allowlist, and a
    /// value it refuses or that does not parse is said on stderr and passed over, never a failure.
    static func arguments(from resources: XResources, instances: [String], role: String? = nil,
                          options: [Option], policy: ResourceRole = .demo,
                          validate: ([String]) throws(UsageError) -> Void) throws(UsageError) -> [String] {
        var arguments: [String] = []
        for option in options {
            let name = resourceName(of: option.name)
            let resourceClass = asciiCase(name.first!, upper: true) + name.dropFirst()
            // What each name finds, in X's order for it: with the role as a component
            // (`PinBox.askpass.scale`), then without (`pinbox-askpass.paste`); the name run's
            // first, then the role link's.
            // Each with the name an error calls it by, so that the user finds the line they
            // wrote: the role's own (`PinBox.askpass.scale`) when the role's lookup found another
            // value than the plain one (a line for the role; `*scale` answers both alike).
            var candidates: [(value: String, shown: String)] = []
            for instance in instances {
                let plain = resources.value(names: [instance, name], classes: [className, resourceClass])
                if let role, let value = resources.value(names: [instance, role, name],
                                                         classes: [className, "Role", resourceClass]) {
                    candidates.append((value, value == plain ? Self.shown(option.name) : "resource \(className).\(role).\(name)"))
                }
                if let plain { candidates.append((plain, Self.shown(option.name))) }
            }
            // The first the role takes. A prompt refuses a value that would loosen it, and the
            // next one is looked at: a loose `*paste: on` never hides a `pinbox-askpass.paste:
            // off` written for either name, so a setting that makes the prompt stricter applies
            // wherever it is written.
            let setting = String(option.name.dropFirst(2))
            var refusal: String?
            let found = candidates.first { candidate in
                guard case .refuse(let reason) = ResourcePolicy.judge(setting, value: candidate.value, role: policy) else {
                    return true
                }
                refusal = refusal ?? "\(candidate.shown): \(Excerpt.quoted(candidate.value)) ignored: \(reason)"
                return false
            }
            guard let (value, shown) = found else {
                if let refusal { Output.error(refusal) }
                continue
            }
            do throws(UsageError) {
                let these: [String]
                if option.takesValue {
                    these = [option.name, value]
                } else {
                    switch String(value.map { Character(asciiCase($0, upper: false)) }) {
                    case "true", "yes", "on", "1": these = [option.name]
                    case "false", "no", "off", "0": these = []
                    default: throw UsageError("\(shown): expects true or false, not '\(value)'")
                    }
                }
                do {
                    try validate(these)
                } catch {
                    // The parser names the option first ("--dot-color expects …"): name the resource.
                    let message = error.message.hasPrefix(option.name + " ")
                        ? String(error.message.dropFirst(option.name.count + 1)) : error.message
                    throw UsageError("\(shown): \(message)")
                }
                arguments += these
            } catch {
                guard policy != .demo else { throw error }
                // A prompt's caller waits for an answer: a bad look is not worth a failure.
                Output.error(error.message + "; ignored")
            }
        }
        return arguments
    }

    /// Resource names and X booleans are ASCII: no Unicode case tables needed.
    private static func asciiCase(_ c: Character, upper: Bool) -> String {
        guard let a = c.asciiValue else { return String(c) }
        if upper, a >= 97, a <= 122 { return String(Character(Unicode.Scalar(a - 32))) }
        if !upper, a >= 65, a <= 90 { return String(Character(Unicode.Scalar(a + 32))) }
        return String(c)
    }

    static func show(_ d: Double) -> String {
        d == d.rounded() ? String(Int(d)) : String(d)
    }
}

extension WindowCommand {
    /// This command with `display`'s X resources under it: the resources' arguments, then the
    /// command line's own (`arguments`, which this command was parsed from). A bad resource
    /// ends the demo as a bad option does (exit 2), naming the resource; `--askpass` is a
    /// prompt, and reads only its looks (ResourcePolicy), passing bad values over.
    func withResources(of display: XDisplay, arguments: ArraySlice<String>) -> WindowCommand {
        let resources = XResources(display: display, lines: resourceLines)
        let policy: ResourceRole = askpass ? .pinPrompt : .demo
        do throws(UsageError) {
            // The screen's scale first: anything more specific overrides it.
            let scale = ResourceArguments.screenScale(resources) ?? 1
            let screen = scale == 1 ? [] : ["--scale", ResourceArguments.show(scale)]
            let before = try screen + ResourceArguments.arguments(
                from: resources, instances: resourceName.map { [$0] } ?? ResourceArguments.instanceNames(of: .program),
                options: askpass ? ResourceArguments.options(for: policy) : ResourceArguments.windowOptions,
                policy: policy,
                validate: { (these: [String]) throws(UsageError) in _ = try WindowCommand(arguments: these) })
            var command = try WindowCommand(arguments: before + arguments)
            // A setting that only a resource gave is named as that resource if the field refuses it.
            command.field.names.fromResources = try WindowCommand(arguments: before).given.subtracting(given)
            return command
        } catch {
            fail(error.message, status: .usage)
        }
    }
}

extension AskpassCommand {
    /// This command with `display`'s X resources (and the screen's scale) under its options.
    /// Only what ResourcePolicy allows the askpass is read (its scale, colour scheme, contrast
    /// and animations; paste off, grab on), never what it asks, accepts, prints or when it
    /// gives up; a bad value is said and passed over.
    /// Instance `pinbox-askpass` however it was started (the link, `pinbox askpass`, the
    /// `ssh-askpass` alternative), after the name it was started as; role `askpass` under each,
    /// so `PinBox.askpass.scale` and `pinbox-askpass*scale` both reach it. The prompt's words
    /// stay the prompt: they go after `--`. Its scale is the one named on its command line, else
    /// by a resource, else the screen's, which it then follows while open.
    func withResources(of display: XDisplay) -> AskpassCommand {
        let hint = self.hint
        let resources = XResources(display: display)
        do throws(UsageError) {
            let before = try ResourceArguments.arguments(
                from: resources, instances: ResourceArguments.instanceNames(of: .askpass),
                role: "askpass",
                options: ResourceArguments.options(for: .askpass), policy: .askpass,
                validate: { (these: [String]) throws(UsageError) in _ = try AskpassCommand(arguments: these + ["--"], hint: hint) })
            var command = self
            if !before.isEmpty {
                command = try AskpassCommand(arguments: before + options + ["--"] + words, hint: hint)
                command.names.fromResources = try AskpassCommand(arguments: before + ["--"], hint: hint).given.subtracting(given)
            }
            if command.given.contains("--scale") {
                command.preferences.scale = command.scale
            } else {
                command.scale = ResourceArguments.screenScale(resources) ?? 1
            }
            return command
        } catch {
            fail(error.message, status: .usage)
        }
    }
}
