// SPDX-License-Identifier: MIT
import CSystem
import PinBoxCore
import PinBoxRender
import PinBoxX11

/// One system question's dialog, in a process of its own (`pinbox ask-password-agent --answer
/// FILE`, started by the watcher): the asker's words, its command line, and an entry. The
/// answer goes to the asker from the locked arena (`SystemReply`); Cancel declines. Its
/// standard input is a pipe from the watcher: a hang-up there means the question was
/// withdrawn (or the watcher ended), and the dialog closes with nothing sent.
struct SystemQuestionDialog {
    let file: String
    let directory: String
    let command: SystemAgentCommand

    func run() -> Int32 {
        let question: SystemQuestion
        switch SystemQuestionFile.read(file, directory: directory) {
        case .success(let read): question = read
        case .failure(let refusal):
            let name = String(file.split(separator: "/").last ?? "")
            fail("question \(Excerpt.quoted(name)) is not asked: \(refusal.message)", status: .usage)
        }
        // An asker that has ended or stopped waiting is not asked for it.
        guard question.isWaiting(at: pinbox_monotonic_microseconds()),
              question.pid.map({ pinbox_process_exists($0) != 0 }) != false else { return 0 }
        var spec = question.dialog
        if let again = command.askedAgain { spec.error = again.sentence }
        if let pid = question.pid, let line = KernelRecords.read("/proc/\(pid)/cmdline", limit: 4096),
           let text = CommandLineText.command(line) {
            spec.detail = .askedBy(text)
        }
        TextLayout.prepare { measure in _ = try? spec.makePage(measure: measure) }
        let reply = SystemReply(socket: question.socket)
        let status: Int32
        do throws(X11Error) {
            DesktopPortal.prepare(command.preferences)
            let display = try XDisplay(name: command.display)
            status = try run(spec, on: display, answeringWith: reply)
        } catch {
            fail(error.message, status: .display)
        }
        // Cancelled, closed or timed out, with the question still standing: the asker hears
        // that the user declined, rather than wait on.
        if status == ExitStatus.cancelled.rawValue && !Self.isWithdrawn {
            _ = reply.send(nil)
        }
        return status
    }

    private func run(_ dialog: DialogSpec, on display: XDisplay, answeringWith reply: SystemReply) throws(X11Error) -> Int32 {
        dialog.prepareText(inTheFontOf: display)
        let area = display.workArea(for: WindowGeometry())
        let choices = display.desktopChoices(command.preferences)
        let scale = command.scale ?? ResourceArguments.screenScale(XResources(display: display)) ?? 1
        var preferences = command.preferences
        preferences.scale = command.scale
        let page: Page
        do throws(ConfigurationError) {
            page = try fittedPage(scale: scale, area: area) { (s: Double) throws(ConfigurationError) -> Page in
                var spec = dialog
                spec.scale = s
                (spec.appearance, spec.motion, spec.font, spec.textRendering) = choices
                spec.room = area.height
                return try spec.makePage(measure: TextLayout.measure)
            }
        } catch {
            fail(SettingNames().usageError(error).message, status: .usage)
        }
        // Through polkit, the answer waits for the window to go: polkit may ask for an
        // administrator's password in a window of its own, which needs the keyboard this one holds.
        let controller = PageController(page: page, delivery: reply.isDirect ? .handOver { reply.send($0) } : .keep,
                                        events: false, screenshots: nil)
        let status = try runDialog(page, display: display, area: area, grab: command.grab, controller: controller,
                                   continuing: !reply.isDirect, hangUpWatch: 0, followsDesktop: preferences)
        guard !reply.isDirect else { return status }
        defer { page.wipe() }
        guard page.outcome == .submitted else { return status }
        return (reply.send(page.fields[0].field.secret) ?? .ok).rawValue
    }

    /// Whether the watcher hung up the pipe that is standard input: the question was withdrawn.
    private static var isWithdrawn: Bool {
        var fd = pollfd(fd: 0, events: 0, revents: 0)
        return poll(&fd, 1, 0) == 1 && fd.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
    }
}
