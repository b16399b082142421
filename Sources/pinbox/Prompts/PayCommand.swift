// SPDX-License-Identifier: MIT
import CSystem
import PinBoxCore
import PinBoxRender
import PinBoxX11

/// `pinbox pay`: seed 001's payment sheet in a window (`PaySheetSpec`), and
/// `pinbox render --pay --out FILE.png`: the same sheet drawn headless.
struct PayCommand {
    var spec = PaySheetSpec()
    var display: String?
    var geometry = WindowGeometry()
    var grab = false
    var quiet = false
    /// Headless: where the picture goes, what has been typed, and whether the window has the focus.
    var output: String?
    var text = ""
    var focused = false
    var at: Double?
    /// The scale came from the command line, over the screen's resolution and the resources.
    var scaleGiven = false
    /// `--color-scheme`, `--contrast`, `--animations`: the axes the user named; the others
    /// follow the desktop, as the askpass's and the pinentry's do.
    var preferences = Preferences()

    static let help = """
        usage: pinbox pay [options]
               pinbox render --pay --out FILE.png [options]

        The payment sheet of seed 001, as Alipay and WeChat Pay show it: a close ×, the title
        "Enter payment password", the payee and amount, six boxes, a "Forgot password?" link
        and a number pad that the mouse and the keyboard both type on. The sheet ends itself
        when the 6th digit lands ({"event":"submit"}, exit 0); × and Escape cancel (exit 1);
        the link reports {"event":"forgot"} and the sheet stays. Events are JSON lines on stdout.

        Options:
          --amount TEXT                the amount, as it should read ("¥25.00"): the digits
                                       0–9, the separators , . ' and spaces, one currency sign
          --payee TEXT                 who is paid, shown above the amount
          --title TEXT                 the heading (default "Enter payment password")
          --reveal                     include the digits in the submit event
          --quiet                      no events on stdout
          --display, -display NAME     the X display (default $DISPLAY)
          --geometry, -geometry GEOM   size and place (default: centred under the pointer)
          --grab                       take the keyboard; exit 3 if another program holds it
          --timeout SECONDS            cancel (exit 1) after this long without a key
          --scale S                    device pixels per point, 0.5…8 (default: from Xft.dpi,
                                       else the desktop's Xft/DPI, else GDK_SCALE, else 1;
                                       followed while open)
          --easing CURVE               the dots' curve: ink-ease-out (default), linear, seed,
                                       ease-out or ink-linear (see pinbox --help)
          --color-scheme light|dark    the sheet's colours (default: as the desktop's GTK
                                       theme; light is the seeds' white sheet)
          --contrast normal|high       high: black and white, every key ringed (default: as
                                       the desktop's theme)
          --animations on|off          off: the dots appear at once and nothing shakes
                                       (default: the desktop's Gtk/EnableAnimations)
        The sheet follows the desktop while it is open, on the axes not named here.
        With render --pay: --out FILE.png, --text DIGITS (typed so far), --focused, --at SECONDS
        (the desktop is not asked: the sheet is light and moves, unless named otherwise).

        Exit status: 0 submitted, 1 cancelled, closed or timed out, 2 a bad option, 3 no X display
        or, with --grab, the keyboard held by another program, 4 the submit event could not carry
        the digits to stdout (--reveal).
        """

    init(arguments: some Collection<String>, headless: Bool) throws(UsageError) {
        var reader = ArgumentReader(arguments)
        while let option = try reader.nextOption() {
            switch option {
            case "--amount": spec.amount = try reader.value(for: option)
            case "--payee": spec.payee = try reader.value(for: option)
            case "--title": spec.title = try reader.value(for: option)
            case "--reveal": try reader.flag(option); spec.reveal = true
            case "--timeout": spec.timeout = try reader.number(for: option, in: 0.1...86400)
            case "--scale": spec.scale = try reader.number(for: option, in: FieldConfiguration.scaleRange); scaleGiven = true
            case "--easing": spec.easing = try reader.choice(for: option, of: Easing.self)
            case "--pay" where headless: try reader.flag(option)
            case "--out" where headless, "-o" where headless: output = try reader.value(for: option)
            case "--text" where headless: text = try reader.value(for: option)
            case "--focused" where headless: try reader.flag(option); focused = true
            case "--at" where headless: at = try reader.number(for: option, in: 0...3600)
            case "--quiet" where !headless: try reader.flag(option); quiet = true
            case "--grab" where !headless: try reader.flag(option); grab = true
            case "--display", "-display": display = try reader.value(for: option)
            case "--geometry" where !headless, "-geometry" where !headless:
                geometry = try reader.geometry(for: option)
            default:
                guard try !reader.preference(option, into: &preferences) else { break }
                throw UsageError("unknown option \(Excerpt.quoted(option)) for pay (see pinbox pay --help)")
            }
        }
        if headless && output == nil { throw UsageError("render --pay needs --out FILE.png") }
        if headless {
            spec.appearance = Appearance(preferences.scheme ?? .light, preferences.contrast ?? .normal)
            spec.motion.animates = preferences.animations ?? true
        }
        if let problem = PayAmount.problem(spec.amount) { throw UsageError("--amount \(problem)") }
        // One line each, as drawn: a line break or another control character would show as a box.
        for (option, text) in [("--payee", spec.payee), ("--title", spec.title)]
        where text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw UsageError("\(option) is one line: it cannot hold a line break or another control character")
        }
    }

    /// Whether render's `arguments` ask for the payment sheet.
    static func wanted(_ arguments: some Collection<String>) -> Bool { arguments.contains("--pay") }

    /// Opens the sheet; returns the exit status.
    func run() -> Int32 {
        // The sheet's first drawing of its text starts now, on a thread, while X connects.
        TextLayout.prepare { measure in _ = try? spec.makePage(measure: measure) }
        do throws(X11Error) {
            DesktopPortal.prepare(preferences)
            let display = try XDisplay(name: self.display)
            let settings = withResources(of: display)
            let page: Page
            let area = display.workArea(for: geometry)
            let (appearance, motion, _, rendering) = display.desktopChoices(settings.preferences)
            do throws(ConfigurationError) {
                page = try fittedPage(scale: settings.scale, area: area) { (s: Double) throws(ConfigurationError) -> Page in
                    var scaled = spec
                    scaled.scale = s
                    scaled.appearance = appearance
                    scaled.motion = motion
                    scaled.textRendering = rendering
                    return try scaled.makePage(measure: TextLayout.measure)
                }
            } catch {
                fail(SettingNames().usageError(error).message, status: .usage)
            }
            let controller = PageController(page: page, delivery: .none, events: !quiet, screenshots: nil)
            return try runDialog(page, display: display, area: area, geometry: geometry, grab: settings.grab,
                                 controller: controller, followsDesktop: settings.preferences)
        } catch {
            fail(error.message, status: .display)
        }
    }

    /// The sheet's settings with `display`'s resources under the command line: the screen's scale
    /// and the prompt's allowlist (ResourcePolicy: its scale, its looks, and a grab that can only
    /// be turned on), under instance `pinbox` and role `pay` (`PinBox.pay.colorScheme`). A bad
    /// value is said and passed over, as by every prompt.
    /// The scale is the one named on the command line, else by a resource, else the screen's,
    /// which the sheet then follows while open.
    private func withResources(of display: XDisplay) -> (scale: Double, grab: Bool, preferences: Preferences) {
        var settings = (scale: spec.scale, grab: grab, preferences: preferences)
        var named = scaleGiven
        let database = XResources(display: display)
        do throws(UsageError) {
            let before = try ResourceArguments.arguments(
                from: database, instances: ResourceArguments.instanceNames(of: .program), role: "pay",
                options: ResourceArguments.options(for: .pay), policy: .pay,
                validate: { (these: [String]) throws(UsageError) in _ = try PayCommand(arguments: these, headless: false) })
            let resources = try PayCommand(arguments: before, headless: false)
            if !scaleGiven && resources.scaleGiven { settings.scale = resources.spec.scale }
            named = named || resources.scaleGiven
            settings.grab = grab || resources.grab
            settings.preferences = preferences.over(resources.preferences)
        } catch {
            Output.error(error.message + "; ignored")
        }
        if named {
            settings.preferences.scale = settings.scale
        } else {
            settings.scale = ResourceArguments.screenScale(database) ?? 1
        }
        return settings
    }

    /// Draws the sheet into `output`, with `text` typed.
    func render() throws(UsageError) {
        let page: Page
        do throws(ConfigurationError) {
            page = try spec.makePage(measure: TextLayout.measure)
        } catch {
            throw SettingNames().usageError(error)
        }
        guard text.unicodeScalars.count < PaySheetSpec.length else {
            throw UsageError("--text: at most \(PaySheetSpec.length - 1) digits (the 6th ends the sheet)")
        }
        try PagePicture.stage(page, focused: focused, typing: text)
        try PagePicture.write(page, at: at ?? 3600, to: output!)
    }
}
