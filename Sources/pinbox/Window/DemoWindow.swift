// SPDX-License-Identifier: MIT
import CSystem
import PinBoxCore
import PinBoxX11

/// The demo window (and the old `--askpass` flag): the workbench page, with the display's X
/// resources under the command line's options (`arguments`).
func runWorkbench(_ commandLine: WindowCommand, arguments: ArraySlice<String>) -> Int32 {
    func fields(_ command: WindowCommand) -> [PageField] {
        do throws(UsageError) {
            return try WorkbenchPage.fields(command)
        } catch {
            fail(error.message, status: .usage)
        }
    }
    func screenshots(_ command: WindowCommand) -> ScreenshotDirectory {
        do throws(UsageError) {
            return try ScreenshotDirectory(command.screenshotDirectory)
        } catch {
            fail(error.message, status: .usage)
        }
    }
    // The command line's own mistakes need no display.
    _ = fields(commandLine)
    _ = screenshots(commandLine)
    // Opened now, so a file that cannot be written is refused before the window opens.
    var record: (fd: Int32, path: String)?
    if let path = commandLine.record {
        // This user's only, as screenshots are: it shows what is typed.
        let fd = pinbox_open_output(path, 0o600)
        guard fd >= 0 else {
            fail("--record \(Excerpt.quoted(path)) cannot be written: \(String(cString: strerror(pinbox_errno())))",
                 status: .usage)
        }
        record = (fd, path)
    }
    /// A window that never opens records nothing: the file opened for it does not stay, empty.
    func failBeforeRecording(_ message: String, status: ExitStatus) -> Never {
        if let record { pinbox_remove_unfinished(record.fd, record.path) }
        fail(message, status: status)
    }
    do throws(X11Error) {
        let display = try XDisplay(name: commandLine.display)
        let command = commandLine.withResources(of: display, arguments: arguments)
        let screenshots = screenshots(command)
        let area = display.workArea(for: command.geometry)
        let page = fittedPage(scale: command.field.scale, area: area) { scale in
            var scaled = command
            scaled.field.scale = scale
            return WorkbenchPage.make(fields(scaled), scaled, refreshRate: display.refreshRate ?? 60)
        }
        // Cells past the screen's edge would still be typed into, unseen: say so instead. A
        // size the user gave (`--geometry WxH`) is theirs to choose.
        if command.geometry.width == nil, command.geometry.height == nil,
           let overflow = WindowFit.overflow(page.preferredSize, area: area.size) {
            failBeforeRecording(overflow + ": fewer cells (--count), more rows (--rows) or smaller cells (--size)",
                                status: .usage)
        }
        let controller = PageController(page: page, delivery: command.askpass ? .standardOutput : .none,
                                        events: !command.quiet, screenshots: screenshots,
                                        traceFrames: command.traceFrames, record: record)
        controller.screenshotLook = PageController.ScreenshotLook(
            scale: command.screenshotScale, fieldOnly: command.screenshotField,
            transparent: command.screenshotTransparent)
        // A recording still running when the window ends is finished, not lost.
        defer { controller.stopRecording(at: Clock.now()) }
        // `kill -USR2` starts and stops a recording here, as F8 does (a prompt has no workbench).
        if !command.askpass { pinbox_signals_usr2_records() }
        return try runWindow(page, display: display, title: "PinBox", geometry: command.geometry, type: .normal,
                             grab: command.grab, controller: controller, area: area,
                             instance: command.resourceName ?? ResourceArguments.programName,
                             icon: { AppIcon.argb(size: 48) })
    } catch {
        failBeforeRecording(error.message, status: .display)
    }
}
