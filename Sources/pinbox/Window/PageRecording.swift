// SPDX-License-Identifier: MIT
import PinBoxCore
import PinBoxRender

/// A window's frames recorded into a GIF (F8, `--record FILE`, `kill -USR2`): asked for, it
/// starts with the next frame drawn, takes every frame after, and ends when asked again or with
/// the window. A page that allows no capture (a prompt, a payment sheet) is never recorded.
final class PageRecording {
    private let page: Page
    private let screenshots: ScreenshotDirectory?
    private let reporter: EventReporter
    /// `--record FILE`: the file, opened before the window, that the first frame starts recording into.
    private var file: (fd: Int32, path: String)?
    /// A recording was asked for: it starts with the next frame, which is then drawn whole.
    private(set) var isWanted: Bool
    private var running: (recorder: Recorder, path: String)?

    init(page: Page, screenshots: ScreenshotDirectory?, reporter: EventReporter, file: (fd: Int32, path: String)?) {
        self.page = page
        self.screenshots = screenshots
        self.reporter = reporter
        self.file = file
        isWanted = file != nil
    }

    func want() { isWanted = true }

    /// Adds the frame just drawn, starting the recording first if one was asked for.
    func add(_ canvas: Canvas, at now: Double) {
        if isWanted {
            isWanted = false
            start(width: canvas.width, height: canvas.height)
        }
        guard let running else { return }
        do {
            try running.recorder.add(canvas, at: now)
        } catch {
            // A resized window cannot go on in the same GIF: what was recorded is kept.
            Output.error(error.message)
            stop(at: now)
            page.recordingEnded()
        }
    }

    private func start(width: Int, height: Int) {
        guard page.allowsCapture else { return page.recordingEnded() }
        do throws(RenderError) {
            // The file `--record` opened, once; after it, a new one beside the screenshots.
            let target: (fd: Int32, path: String)
            if let file {
                target = file
                self.file = nil
            } else if let screenshots {
                target = try screenshots.create(suffix: "gif")
            } else {
                return page.recordingEnded()
            }
            // Frames come at the display's rate; a browser would play delays under 2 cs slowly.
            running = (try Recorder(fileDescriptor: target.fd, name: target.path, width: width, height: height,
                                    shortestDelay: 2), target.path)
        } catch {
            Output.error(error.message)
            page.recordingEnded()
        }
    }

    /// Ends the recording (asked again, or the window's end): the last frame lasts until `now`.
    func stop(at now: Double) {
        isWanted = false
        guard let (recorder, path) = running else { return }
        running = nil
        do throws(RenderError) {
            let frames = try recorder.finish(at: now)
            reporter.emit("recording", ["path": .string(path), "frames": .int(frames)])
        } catch {
            Output.error(error.message)
        }
    }
}
