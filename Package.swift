// swift-tools-version:6.0
// SPDX-License-Identifier: MIT
import Foundation
import PackageDescription

// Release builds are Embedded Swift: no runtime library to load and start, only the code PinBox
// uses, compiled in; that takes a third off the resident memory of a short-lived prompt
// (docs/performance.md).
// Debug builds, and so the tests, use the full runtime; the same sources build both ways.
let release = BuildSettingCondition.when(configuration: .release)
// (Flags rather than enableExperimentalFeature: SwiftPM passes that one to the debug link too.)
// A prompt's memory is mostly code faulted in, its own included: -Osize optimises for size, and
// each function in a section of its own (-function-sections, with the link's --gc-sections) lets
// the linker drop what nothing calls, which was half the text (docs/performance-notes.md).
let swiftSettings: [SwiftSetting] = [.unsafeFlags(["-enable-experimental-feature", "Embedded", "-wmo", "-Osize",
                                                   "-Xfrontend", "-function-sections"], release)]
// The embedded standard library leaves the Unicode tables that String comparison needs to
// libswiftUnicodeDataTables.a in the compiler's resource directory, under the target triple (the
// Embedded Swift user manual). The compiler that builds says where that is: `swiftc
// -print-target-info` (SWIFT_EXEC when it names a compiler, as for SwiftPM itself; else swiftc on
// PATH).
// No guess and no fallback: a manifest that cannot find it stops and says why.
let embeddedLibraries: String = {
    func fail(_ why: String) -> Never {
        FileHandle.standardError.write(Data(("Package.swift: " + why + "\n").utf8))
        exit(1)
    }
    let environment = ProcessInfo.processInfo.environment
    // SwiftPM passes over a SWIFT_EXEC that names no file (with a warning): so does this.
    let swiftc = environment["SWIFT_EXEC"].flatMap { FileManager.default.isExecutableFile(atPath: $0) ? $0 : nil }
        ?? "swiftc"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [swiftc, "-print-target-info"]
    let output = Pipe()
    process.standardOutput = output
    do { try process.run() } catch { fail("cannot run \(swiftc) -print-target-info: \(error)") }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        fail("\(swiftc) -print-target-info failed (put the Swift toolchain's usr/bin on PATH, or set SWIFT_EXEC)")
    }
    guard let info = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
          let paths = info["paths"] as? [String: Any], let resources = paths["runtimeResourcePath"] as? String,
          let target = info["target"] as? [String: Any], let triple = target["unversionedTriple"] as? String
    else { fail("\(swiftc) -print-target-info names no runtimeResourcePath and unversionedTriple") }
    let directory = resources + "/embedded/" + triple
    guard FileManager.default.fileExists(atPath: directory + "/libswiftUnicodeDataTables.a") else {
        fail("\(directory)/libswiftUnicodeDataTables.a is missing: release builds are Embedded Swift and need a toolchain that ships it (swift.org's 6.x for Linux does)")
    }
    return directory
}()
// Every library is the system's shared one, linked as Debian ships it: a fixed libfreetype6 or
// libpng16 protects PinBox with the system's update, and Pango (dlopened for text DejaVu cannot
// draw alone, Sources/CText) binds to the very Cairo, FreeType and fontconfig the program draws
// with. Each system library target names its pkg-config package, which gives the headers and the
// -l flags of every build: Embedded Swift's objects carry no autolink entries, so a module map's
// `link` reaches only the debug link.
// Hardening of the release link, as Debian's hardening flags ask: the whole relocation table
// resolved at start and then made read-only (-z relro -z now; the cost at start-up is in
// docs/performance-notes.md). SwiftPM adds RUNPATH $ORIGIN; the scripts that install build with
// --disable-local-rpath, so installed binaries carry none.
// The C targets' share of Debian's hardening flags: glibc's checked string and memory functions,
// and a canary in every function with an array on its stack.
let hardenedC: [CSetting] = [.define("_FORTIFY_SOURCE", to: "2", release),
                             .unsafeFlags(["-fstack-protector-strong"], release)]
// And each C function in a section of its own, as each Swift function is: the link drops what
// nothing calls and lays out the rest in the order `codeOrder` names (below).
let cTargetSettings = hardenedC + [.unsafeFlags(["-ffunction-sections"], release)]
let hardenedLink = ["-Xlinker", "-z", "-Xlinker", "relro", "-Xlinker", "-z", "-Xlinker", "now"]
// The functions a prompt runs are laid side by side at the start of the program's code, in the
// order scripts/order-code wrote after profiling the prompts (gold's --section-ordering-file, each
// function being a section of its own): every page a function lies in is resident once it runs,
// and the kernel maps its neighbours too, so among the rest they made nearly all of the code
// resident (docs/performance-notes.md). A name no longer there orders nothing, and fails nothing.
let codeOrder = ["-Xlinker", "--section-ordering-file=\(Context.packageDirectory)/share/linking/code-order"]
let embeddedLinking: [LinkerSetting] = [
    .unsafeFlags(["-enable-experimental-feature", "Embedded", "-L\(embeddedLibraries)",
                  "-Xlinker", "--gc-sections"] + hardenedLink, release),
    .linkedLibrary("swiftUnicodeDataTables", release),
]
// Header directories from pkg-config for the C target that loads Pango at run time (compiled
// against its headers, never linked: see Sources/CText/include/CText.h).
func pkgConfigCFlags(_ package: String) -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["pkg-config", "--cflags", package]
    let output = Pipe()
    process.standardOutput = output
    guard (try? process.run()) != nil else { return [] }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return [] }
    return String(decoding: data, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
}
let pangoCFlags = pkgConfigCFlags("pangocairo")
let secretCFlags = pkgConfigCFlags("libsecret-1")
let dbusCFlags = pkgConfigCFlags("dbus-1")
let polkitAgentCFlags = pkgConfigCFlags("polkit-agent-1")
let fribidiCFlags = pkgConfigCFlags("fribidi")
// ATK and the AT-SPI bridge (which bring GLib's and D-Bus's headers) for the accessibility plug-in.
let accessibilityCFlags = pkgConfigCFlags("atk-bridge-2.0")
let package = Package(
    name: "PinBox",
    products: [
        .executable(name: "pinbox", targets: ["pinbox"]),
        // The accessibility plug-in: ATK objects and the AT-SPI bridge, dlopened by the program
        // only when the session has accessibility on (installed in lib/pinbox/).
        .library(name: "pinbox-accessibility", type: .dynamic, targets: ["PinBoxAccessibility"]),
    ],
    targets: [
        // Xlib. A target names one pkg-config package: RandR (the display's rate) and Xext
        // (MIT-SHM) are named by PinBoxX11, which calls them, as are XCB and Xlib's XCB
        // connection, through which it asks several questions in one round trip.
        .systemLibrary(
            name: "CX11",
            pkgConfig: "x11",
            providers: [.apt(["libx11-dev", "libxrandr-dev", "libxcb-randr0-dev"])]),
        // libxkbcommon: keys to text, dead keys and Compose, from the X server's keymap; dlopened
        // with Xlib's XCB connection once the window shows (see Sources/CXKB/include/CXKB.h).
        .target(name: "CXKB", cSettings: cTargetSettings),
        // The desktop's input method (XIM, through Xlib, which is linked already), for the
        // entries that hold no secret; connected only when XMODIFIERS names one and such an entry
        // has the focus (see Sources/CInputMethod/include/CInputMethod.h).
        .target(name: "CInputMethod", cSettings: cTargetSettings),
        // Cairo, and FreeType for the font faces made straight from DejaVu's files.
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo-ft",
            providers: [.apt(["libcairo2-dev"])]),
        // giflib, for animated captures: dlopened when the first one starts (a shared library
        // linked in costs every prompt's start-up its loading; see Sources/CGif/include/CGif.h).
        .target(name: "CGif", cSettings: cTargetSettings),
        // The C library as Swift sees it, and the few things only C can do (prctl, argv).
        .target(name: "CSystem", cSettings: [.define("PINBOX_EMBEDDED", to: "1", release)] + cTargetSettings,
                linkerSettings: [.linkedLibrary("m")]),
        // Pango for text DejaVu cannot draw alone, dlopened on first use (cairo is linked already).
        .target(name: "CText", dependencies: ["CSystem"], cSettings: [.unsafeFlags(pangoCFlags)] + cTargetSettings,
                linkerSettings: [.linkedLibrary("cairo"), .linkedLibrary("fontconfig")]),
        // FriBidi for a shown secret in Hebrew or Arabic, dlopened when the first one shows: the
        // characters in the order they are read, Arabic's joined (Sources/CBidi/include/CBidi.h).
        .target(name: "CBidi", cSettings: [.unsafeFlags(fribidiCFlags)] + cTargetSettings),
        // libsecret for the password manager, dlopened only when gpg-agent allows one.
        .target(name: "CKeyring", dependencies: ["CSystem"], cSettings: [.unsafeFlags(secretCFlags)] + cTargetSettings),
        // libdbus for the desktop's settings portal (GNOME's light or dark), dlopened only on a
        // GNOME desktop whose theme leaves the prompt light; and for ssh-add's question, to ask
        // whether a password manager runs before libsecret is loaded to ask it.
        .target(name: "CPortal", dependencies: ["CSystem"], cSettings: [.unsafeFlags(dbusCFlags)] + cTargetSettings),
        // libpolkit-agent-1 for `pinbox polkit-agent`, dlopened by that command alone.
        .target(name: "CPolkit", dependencies: ["CSystem"], cSettings: [.unsafeFlags(polkitAgentCFlags)] + cTargetSettings),
        // The accessibility plug-in's code: links ATK, the bridge and GLib as Debian ships them.
        .target(name: "PinBoxAccessibility", cSettings: [.unsafeFlags(accessibilityCFlags)] + cTargetSettings,
                linkerSettings: [.linkedLibrary("atk-bridge-2.0"), .linkedLibrary("atk-1.0"),
                                 .linkedLibrary("gobject-2.0"), .linkedLibrary("glib-2.0"),
                                 // Plain C: none of Swift's runtime. The driver links it (and
                                 // its toolchain's RUNPATH) into every library it makes, unless
                                 // the library is Embedded Swift, which C code is as much as any.
                                 // Named by its file's name, not the build folder's path.
                                 .unsafeFlags(["-enable-experimental-feature", "Embedded", "-no-toolchain-stdlib-rpath",
                                               "-Xlinker", "-soname=libpinbox-accessibility.so"]),
                                 .unsafeFlags(hardenedLink, release)]),
        // The program's side of it: loads the plug-in with dlopen, links nothing of it.
        .target(name: "CAccessibility", cSettings: cTargetSettings),
        // Swift and the C library only, no Foundation. Models, lays out and animates the PIN box.
        .target(name: "PinBoxCore", dependencies: ["CSystem"], swiftSettings: swiftSettings),
        // The only importer of Cairo: draws a scene into a surface, writes PNG files.
        .target(name: "PinBoxRender", dependencies: ["PinBoxCore", "CCairo", "CText", "CGif", "CBidi", "CSystem"],
                swiftSettings: swiftSettings),
        // The only importer of Xlib: the window, the event loop, selections.
        .target(name: "PinBoxX11", dependencies: ["PinBoxCore", "PinBoxRender", "CX11", "CXKB", "CInputMethod", "CAccessibility",
                                                     "CPortal"],
                swiftSettings: swiftSettings,
                linkerSettings: [.linkedLibrary("Xrandr"), .linkedLibrary("Xext"), .linkedLibrary("X11-xcb"),
                                 .linkedLibrary("xcb"), .linkedLibrary("xcb-randr")]),
        // gpg-agent's side of the pinentry protocol (Assuan): pure Swift, no X; the dialogs come
        // through a generic front end.
        .target(name: "PinBoxAssuan", dependencies: ["PinBoxCore", "CSystem"], swiftSettings: swiftSettings),
        .executableTarget(name: "pinbox", dependencies: ["PinBoxCore", "PinBoxRender", "PinBoxX11", "PinBoxAssuan", "CSystem",
                                                        "CKeyring", "CPortal", "CPolkit"],
                         swiftSettings: swiftSettings, linkerSettings: embeddedLinking + [.unsafeFlags(codeOrder, release)]),
        // The headless render benchmark (scripts/benchmark); not shipped.
        .executableTarget(name: "pinbox-bench", dependencies: ["PinBoxCore", "PinBoxRender", "CSystem"],
                         swiftSettings: swiftSettings, linkerSettings: embeddedLinking),
        // Draws one paragraph into a PNG: text start-up timing and screenshots (TextTests); not shipped.
        .executableTarget(name: "pinbox-text-probe", dependencies: ["PinBoxCore", "PinBoxRender", "CSystem", "CText"],
                         swiftSettings: swiftSettings, linkerSettings: embeddedLinking),
        // What more than one test target uses alike (WCAG contrast, a recorded gpg-agent request); not shipped.
        .target(name: "PinBoxTestSupport", path: "Tests/PinBoxTestSupport"),
        .testTarget(name: "PinBoxCoreTests", dependencies: ["PinBoxCore"]),
        .testTarget(name: "PinBoxAssuanTests", dependencies: ["PinBoxAssuan", "PinBoxCore", "PinBoxTestSupport"]),
        .testTarget(name: "PinBoxRenderTests", dependencies: ["PinBoxCore", "PinBoxRender", "PinBoxTestSupport"]),
        // XFixes, for the tests alone: the pointer's shape as the server shows it.
        .systemLibrary(name: "CXFixes", path: "Tests/CXFixes", pkgConfig: "xfixes", providers: [.apt(["libxfixes-dev"])]),
        // Drive the real binary under Xvfb; Xlib directly for what xdotool cannot do.
        .testTarget(name: "EndToEndTests",
                    dependencies: ["PinBoxCore", "PinBoxRender", "CX11", "CXFixes", "PinBoxTestSupport"]),
    ]
)
