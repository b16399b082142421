// SPDX-License-Identifier: MIT
import PinBoxCore
import PinBoxX11

/// A command-line mistake: one line on stderr naming the option and the problem, exit 2. Or,
/// with `request`, no mistake: `--help` or `--version` where an option stands, which the
/// command answers instead of running.
struct UsageError: Error {
    enum Request { case help, version }
    let message: String
    let request: Request?
    init(_ message: String) { (self.message, request) = (message, nil) }
    init(_ request: Request) { (message, self.request) = ("", request) }
}

/// Walks the arguments. Accepts `--name value`, `--name=value` and, for the X options
/// that X programs have always spelt that way, `-display` and `-geometry`.
struct ArgumentReader {
    private var arguments: ArraySlice<String>
    private var pendingValue: String?
    /// Where arguments that are not options go, for commands that take some (askpass's
    /// prompt); nil refuses them.
    private(set) var positionals: [String]?
    /// Every option read so far: which settings the command line gave, not resources.
    private(set) var given: Set<String> = []

    /// The first argument that is not an option ends the options, as `--` does.
    private let positionalsEndOptions: Bool

    init(_ arguments: some Collection<String>, positionals: Bool = false, positionalsEndOptions: Bool = false) {
        self.arguments = ArraySlice(arguments)
        self.positionals = positionals ? [] : nil
        self.positionalsEndOptions = positionalsEndOptions
    }

    /// The next option's name, with any `=value` held back for `value(for:)`.
    mutating func nextOption() throws(UsageError) -> String? {
        if pendingValue != nil {
            throw UsageError("unexpected value after the previous option")
        }
        guard let argument = arguments.popFirst() else { return nil }
        if positionals != nil && (argument == "--" || !argument.hasPrefix("-") || argument.count == 1) {
            // After `--` everything is an argument, even one that starts with a dash.
            if argument == "--" || positionalsEndOptions {
                // Askpass callers' prompts: from the first word on, everything is the prompt.
                if argument != "--" { positionals!.append(argument) }
                positionals! += arguments
                arguments = []
            } else {
                positionals!.append(argument)
            }
            return try nextOption()
        }
        guard argument.hasPrefix("-"), argument.count > 1 else {
            // Someone may try `pinbox 314159`: an argument with digits in it is not echoed
            // onto the terminal, its scrollback and whatever logs stderr.
            guard !argument.utf8.contains(where: PinField.isDigit) else {
                throw UsageError("unexpected argument (not repeated here: it holds digits); options start with --")
            }
            throw UsageError("unexpected argument \(Excerpt.quoted(argument)); options start with --")
        }
        // Only where an option stands: `--prompt --version` is a prompt.
        if argument == "--help" || argument == "-h" { throw UsageError(.help) }
        if argument == "--version" { throw UsageError(.version) }
        if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
            pendingValue = String(argument[argument.index(after: equals)...])
            given.insert(String(argument[..<equals]))
            return String(argument[..<equals])
        }
        given.insert(argument)
        return argument
    }

    /// The value of `option`, which must have one.
    mutating func value(for option: String) throws(UsageError) -> String {
        if let value = pendingValue {
            pendingValue = nil
            return value
        }
        guard let value = arguments.popFirst() else {
            throw UsageError("\(option) needs a value")
        }
        return value
    }

    /// Refuses `--flag=value` on an option that takes none.
    mutating func flag(_ option: String) throws(UsageError) {
        if pendingValue != nil { throw UsageError("\(option) takes no value") }
    }

    mutating func integer(for option: String, in range: ClosedRange<Int>) throws(UsageError) -> Int {
        let text = try value(for: option)
        guard let n = Int(text) else {
            throw UsageError("\(option) expects a whole number, not \(Excerpt.quoted(text))")
        }
        guard range.contains(n) else {
            throw UsageError("\(option) must be between \(range.lowerBound) and \(range.upperBound), not \(Excerpt.quoted(text))")
        }
        return n
    }

    mutating func number(for option: String, in range: ClosedRange<Double>) throws(UsageError) -> Double {
        let text = try value(for: option)
        guard let n = Double(text), n.isFinite else {
            throw UsageError("\(option) expects a number, not \(Excerpt.quoted(text))")
        }
        guard range.contains(n) else {
            throw UsageError("\(option) must be between \(Self.show(range.lowerBound)) and \(Self.show(range.upperBound)), not \(Excerpt.quoted(text))")
        }
        return n
    }

    /// `WIDTHxHEIGHT` in whole points.
    mutating func size(for option: String) throws(UsageError) -> Size {
        let text = try value(for: option)
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else {
            throw UsageError("\(option) expects WIDTHxHEIGHT such as 300x50, not \(Excerpt.quoted(text))")
        }
        return Size(width: Double(w), height: Double(h))
    }

    /// `WIDTHxHEIGHT[+X+Y]`, X11's geometry.
    mutating func geometry(for option: String) throws(UsageError) -> WindowGeometry {
        let text = try value(for: option)
        guard let geometry = WindowGeometry(parsing: text) else {
            throw UsageError("\(option) expects WIDTHxHEIGHT[+X+Y] with sizes 1…16384, not \(Excerpt.quoted(text))")
        }
        return geometry
    }

    mutating func color(for option: String) throws(UsageError) -> Color {
        let text = try value(for: option)
        guard let color = Color(hex: text) else {
            throw UsageError("\(option) expects a colour as #rgb, #rrggbb or #rrggbbaa, not \(Excerpt.quoted(text))")
        }
        return color
    }

    mutating func choice<T: RawRepresentable & CaseIterable>(for option: String, of _: T.Type) throws(UsageError) -> T
    where T.RawValue == String {
        let text = try value(for: option)
        guard let v = T(rawValue: text) else {
            let names = T.allCases.map { $0.rawValue }.joined(separator: ", ")
            throw UsageError("\(option) must be one of \(names), not \(Excerpt.quoted(text))")
        }
        return v
    }

    private static func show(_ d: Double) -> String {
        d == d.rounded() ? String(Int(d)) : String(d)
    }
}
