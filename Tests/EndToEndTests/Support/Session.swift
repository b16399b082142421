// SPDX-License-Identifier: MIT
import Foundation
import PinBoxCore

/// One test's world: its own Xvfb, the real pinbox on it, and a helper X client.
final class Session {
    let xvfb: Xvfb
    private(set) var pinbox: PinBoxProcess!
    private(set) var x: XClient!
    let directory: String

    init(_ arguments: [String], focus: Bool = true, ready: Bool = true, launcher: [String] = [],
         screen: String = "1280x1024x24") throws {
        xvfb = try Xvfb(size: screen)
        directory = NSTemporaryDirectory() + "pinbox-e2e-\(UUID().uuidString)"
        // Writable by whoever the launcher makes the program (the tests run some as nobody):
        // the program checks its screenshot directory before it opens the window.
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o777])
        // The payment sheet takes a PIN and saves no screenshots: it has no such option.
        let shots = arguments.first == "pay" ? [] : ["--screenshot-dir", directory]
        pinbox = try PinBoxProcess(arguments + shots, display: xvfb.display, launcher: launcher)
        x = try XClient(xvfb.display)
        if ready { try pinbox.waitReady(focus: focus) }
    }

    /// Tears down in order: our X connection before the server, or Xlib would exit the runner.
    /// Kills the X server under the program, keeping our own connection from noticing.
    func killServer() {
        x.abandon()
        xvfb.kill()
    }

    deinit {
        x = nil
        pinbox = nil
        xvfb.kill()
        try? FileManager.default.removeItem(atPath: directory)
    }

    var window: String { pinbox.windowID! }

    /// The length reported by the last `change` event of `field`, or 0.
    func length(_ field: String) -> Int {
        (pinbox.events("change").last { $0["field"] as? String == field }?["length"] as? Int) ?? 0
    }

    /// Puts `text` on a selection with xclip, which keeps serving it in the background.
    func setSelection(_ selection: String, _ text: String) throws {
        try setSelection(selection, bytes: Array(text.utf8))
    }

    func setSelection(_ selection: String, bytes: [UInt8]) throws {
        // xclip forks a child that serves the selection until another client takes it.
        let (status, _) = try run(["xclip", "-selection", selection, "-i"], display: xvfb.display, input: bytes)
        guard status == 0 else { throw TestFailure("xclip failed") }
        try waitUntil("xclip owns the \(selection) selection") {
            x.owner(of: selection == "primary" ? "PRIMARY" : "CLIPBOARD") != 0
        }
    }

    /// Where the single field's cells are in the window, computed by the same public layout
    /// rules the program uses: the test checks pixels there.
    func cellCentres(configuration: FieldConfiguration, windowSize: Size) -> [Point] {
        Self.cellCentres(configuration: configuration, windowSize: windowSize)
    }

    /// The same for a window this test did not start through a Session.
    static func cellCentres(configuration: FieldConfiguration, windowSize: Size) -> [Point] {
        let layout = configuration.layout()
        let page = PageLayout(window: windowSize, fieldSizes: [layout.bounds.size], scale: configuration.scale,
                              labelled: false)
        let origin = page.fields[0]
        return layout.cells.map { Point(x: $0.mid.x + origin.x, y: $0.mid.y + origin.y) }
    }

    /// The window's size from the last layout event.
    var windowSize: Size {
        let e = pinbox.events("layout").last!
        return Size(width: Double(e["width"] as! Int), height: Double(e["height"] as! Int))
    }
}
