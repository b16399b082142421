// SPDX-License-Identifier: MIT
import CSystem
import PinBoxCore
import PinBoxRender
import PinBoxX11

/// What an agent passes on to the dialog processes it starts (systemd's questions, polkit's):
/// where and how a dialog shows. An agent never holds a window of its own; each question gets
/// a process that opens one (`run`) and ends with it.
struct AgentDialog {
    var display: String?
    var grab = true
    var scale: Double?
    var preferences = Preferences()

    /// The options' lines in an agent's `--help`.
    static let help = """
          --display, -display NAME     the X display (default $DISPLAY)
          --grab, --no-grab            take the keyboard (the default), or do not
          --scale S                    device pixels per point, 0.5…8 (default: the screen's)
          --color-scheme light|dark    the dialogs' colours (default: the desktop's)
          --contrast normal|high       high: black and white, firm edges
          --animations on|off          off: nothing moves
        """

    /// Takes `option` when it is one of these; false when it is not.
    mutating func read(_ option: String, from reader: inout ArgumentReader) throws(UsageError) -> Bool {
        switch option {
        case "--display", "-display": display = try reader.value(for: option)
        case "--grab": try reader.flag(option); grab = true
        case "--no-grab": try reader.flag(option); grab = false
        case "--scale": scale = try reader.number(for: option, in: FieldConfiguration.scaleRange)
        default: return try reader.preference(option, into: &preferences)
        }
        return true
    }

    /// The same options, for a dialog process's command line.
    var arguments: [String] {
        var options = grab ? [] : ["--no-grab"]
        if let display { options += ["--display", display] }
        if let scale { options += ["--scale", String(scale)] }
        if let scheme = preferences.scheme { options += ["--color-scheme", scheme.rawValue] }
        if let contrast = preferences.contrast { options += ["--contrast", contrast.rawValue] }
        if let animations = preferences.animations { options += ["--animations", animations ? "on" : "off"] }
        return options
    }

    /// Shows `spec`'s dialog and runs it to its end; `controller` makes the page's controller
    /// (it decides where an answer goes), `continuing` keeps the process for what comes after
    /// the window (`finish`, with the page and the dialog's status, then says the process's).
    func run(_ spec: DialogSpec, continuing: Bool = false,
             controller: (Page) -> PageController,
             finish: (Page, Int32) -> Int32 = { _, status in status }) -> Int32 {
        TextLayout.prepare { measure in _ = try? spec.makePage(measure: measure) }
        do throws(X11Error) {
            DesktopPortal.prepare(preferences)
            let display = try XDisplay(name: display)
            spec.prepareText(inTheFontOf: display)
            let area = display.workArea(for: WindowGeometry())
            let choices = display.desktopChoices(preferences)
            let screenScale = scale ?? ResourceArguments.screenScale(XResources(display: display)) ?? 1
            var followed = preferences
            followed.scale = scale
            let page: Page
            do throws(ConfigurationError) {
                page = try fittedPage(scale: screenScale, area: area) { (s: Double) throws(ConfigurationError) -> Page in
                    var scaled = spec
                    scaled.scale = s
                    (scaled.appearance, scaled.motion, scaled.font, scaled.textRendering) = choices
                    scaled.room = area.height
                    return try scaled.makePage(measure: TextLayout.measure)
                }
            } catch {
                fail(SettingNames().usageError(error).message, status: .usage)
            }
            let status = try runDialog(page, display: display, area: area, grab: grab, controller: controller(page),
                                       continuing: continuing, hangUpWatch: 0, followsDesktop: followed)
            return finish(page, status)
        } catch {
            fail(error.message, status: .display)
        }
    }

    /// Starts a dialog process: this program with `arguments`, then these options. Its standard
    /// input is a pipe whose write end (`withdrawal`) this side closes to withdraw the
    /// question; its standard output a pipe whose read end (`output`) carries what it writes
    /// and hangs up when it has ended. Nil when it could not start (said on stderr, naming
    /// `what` it was for).
    func start(_ arguments: [String], for what: String) -> (pid: Int32, withdrawal: Int32, output: Int32)? {
        var withdrawal: [Int32] = [-1, -1], output: [Int32] = [-1, -1]
        guard pinbox_pipe_nonblocking(&withdrawal) == 0 else { return nil }
        guard pinbox_pipe_nonblocking(&output) == 0 else {
            close(withdrawal[0]); close(withdrawal[1])
            return nil
        }
        var argv = ([ResourceArguments.programName] + arguments + self.arguments).map { strdup($0) }
        argv.append(nil)
        let pid = pinbox_spawn_self(&argv, withdrawal[0], output[1])
        let failure = pinbox_errno()
        for pointer in argv { free(pointer) }
        close(withdrawal[0])
        close(output[1])
        guard pid > 0 else {
            Output.error("cannot start a dialog for \(what) (\(String(cString: strerror(failure))))")
            close(withdrawal[1]); close(output[0])
            return nil
        }
        return (pid, withdrawal[1], output[0])
    }
}
