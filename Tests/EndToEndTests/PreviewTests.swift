// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import Testing
import PinBoxRender

/// `pinbox render --dialog` and `--askpass` draw what the window draws for the same inputs: the
/// askpass's window, read back from the X server, against the headless render, pixel for pixel.
@Suite("Previews are the windows", .endToEnd)
struct PreviewTests {
    /// ssh's question about a host key it has not seen (OpenSSH 9's words).
    static let hostKeyQuestion = """
        The authenticity of host 'git.example.org (192.0.2.7)' can't be established.
        ED25519 key fingerprint is SHA256:mVPwvezndPv/ARoIadVY98vAC0g+P/5633yTC4d/wXE.
        This key is not known by any other names.
        Are you sure you want to continue connecting (yes/no/[fingerprint])? 
        """

    @Test(arguments: [("Enter passphrase for /root/.ssh/id_ed25519: ", "passphrase",
                       "Enter passphrase for /root/.ssh/id_ed25519"),
                      ("Enter PIN for ECDSA-SK key /root/.ssh/id_ecdsa_sk: ", "pin",
                       "Enter PIN for ECDSA-SK key /root/.ssh/id_ecdsa_sk")])
    func renderDialogIsTheAskpassWindowPixelForPixel(prompt: String, kind: String, description: String) throws {
        try Self.expectSamePixels(window: prompt, render: ["--dialog", kind, "--description", description])
    }

    /// `--askpass PROMPT` reads the prompt's words as the askpass does: ssh's host-key question
    /// (the fingerprint taken out onto its own line, an entry for it, No and Yes), sudo's
    /// password, git's username (an entry shown as typed); and ssh's hint as the askpass takes
    /// it: ssh-agent's question (`ssh-add -c`), Yes and No. (Not the security key's notice: its
    /// cue breathes, so no two moments of it are the same picture.)
    @Test(arguments: [(hostKeyQuestion, nil), ("[sudo] password for alice: ", nil),
                      ("Username for 'https://git.example.org': ", nil),
                      ("Allow use of key alice@laptop?\nKey fingerprint SHA256:mVPwvezndPv/ARoIadVY98vAC0g+P/5633yTC4d/wXE.",
                       "confirm")] as [(String, String?)])
    func renderAskpassIsTheAskpassWindowPixelForPixel(prompt: String, hint: String?) throws {
        try Self.expectSamePixels(window: prompt, render: ["--askpass", prompt],
                                  environment: hint.map { ["SSH_ASKPASS_PROMPT": $0] } ?? [:])
    }

    /// The askpass's window for `prompt` against `pinbox render` given `arguments`.
    private static func expectSamePixels(window prompt: String, render arguments: [String],
                                         environment: [String: String] = [:]) throws {
        let xvfb = try Xvfb()
        // The pointer away from where the dialog shows, and no grab: the window has no focus,
        // so no caret blinks while it is read (the render is asked for the same).
        _ = try run(["xdotool", "mousemove", "0", "0"], display: xvfb.display)
        let p = try PinBoxProcess(["askpass", "--no-grab", "--", prompt], display: xvfb.display,
                                  environment: environment)
        defer { kill(p.pid, SIGTERM); _ = try? p.waitExit() }
        let (found, ids) = try run(["xdotool", "search", "--sync", "--onlyvisible", "--pid", String(p.pid)],
                                   display: xvfb.display)
        try #require(found == 0, "no askpass window; stderr: \(p.stderr)")
        let id = try hexWindowID(try #require(ids.split(separator: "\n").first.map(String.init)))
        let x = try XClient(xvfb.display)
        let size = x.size(of: id)
        let window = x.stillPixels(id)

        let out = NSTemporaryDirectory() + "pinbox-preview-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let render = try PinBoxProcess(["render"] + arguments + ["--out", out], display: nil, environment: environment)
        #expect(try render.waitExit() == 0, "\(render.stderr)")
        let picture = try Canvas(png: out)
        #expect(picture.width == Int(size.width) && picture.height == Int(size.height),
                "render \(picture.width)x\(picture.height), window \(size)")
        let differing = zip(picture.pixels().map { $0 & 0xffffff }, window).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) pixels differ between the window and pinbox render")
    }
}
