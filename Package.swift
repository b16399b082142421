// swift-tools-version:6.0
import Foundation
import PackageDescription

// Release builds are Embedded Swift: no runtime library to load and start, only the code PinBox
// uses, compiled in; that takes a third off the resident memory of a short-lived prompt
// (docs/performance.md).
// Debug builds, and so the tests, use the full runtime; the same sources build both ways.
let release = BuildSettingCondition.when(configuration: .release)
// (Flags rather than enableExperimentalFeature: SwiftPM passes that one to the debug link too.)
// -Osize: a prompt's memory is mostly its own code faulted in; optimising for size takes 15 % off
// the text (1.83 → 1.56 MB) and some 400 kB off a dialog's resident memory (docs/performance.md).
let swiftSettings: [SwiftSetting] = [.unsafeFlags(["-enable-experimental-feature", "Embedded", "-wmo", "-Osize"],
                                                  release)]
// The embedded standard library leaves the Unicode tables that String comparison needs to a
// static library of the toolchain, which no search path names. This manifest runs on that
// toolchain: its PackageDescription library lies in <toolchain>/usr/lib/swift/pm/ManifestAPI/.
let toolchainLibraries: String = {
    // Read to the end: String(contentsOfFile:) stops after the first page of a /proc file.
    let data = FileHandle(forReadingAtPath: "/proc/self/maps").flatMap { try? $0.readToEnd() } ?? Data()
    let maps = String(decoding: data, as: UTF8.self)
    guard let line = maps.split(separator: "\n").first(where: { $0.hasSuffix("/libPackageDescription.so") }),
          let path = line.split(separator: " ").last
    else { return "/usr/lib/swift" }
    return URL(fileURLWithPath: String(path)).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path
}()
#if arch(arm64)
let triple = "aarch64-unknown-linux-gnu"
#else
let triple = "x86_64-unknown-linux-gnu"
#endif
// Release builds link the drawing and X stack statically: a prompt then maps two shared
// libraries (libc, libm) instead of 22, and needs neither the dynamic linker's symbol lookups
// nor their pages: a fifth off the time to a ready window and some 1.5 MB off its memory
// (docs/performance.md). Debug builds (and so the tests) link the same libraries shared, through
// the module maps. The archives are Debian's own (the -dev packages ship them), in link order.
let staticArchives = ["cairo", "pixman-1", "fontconfig", "expat", "freetype", "png16", "brotlidec", "brotlicommon",
                      "z", "Xrandr", "Xrender", "Xext", "xcb-shm", "xcb-render", "X11", "xcb", "Xau", "Xdmcp"]
// Pango, loaded at run time for rare text (Sources/CText), brings its own shared Cairo, FreeType
// and fontconfig: the binary exports its copies (share/linking/exported.map), so Pango's calls
// bind to them and one Cairo draws on one surface with one font configuration.
let exportedSymbols = Context.packageDirectory + "/share/linking/exported.map"
// STOPGAP until the linking branch lands (drop this in favour of it): the X and drawing stack
// linked shared in release builds too. libxkbcommon-x11 (branch keys) is shared and talks
// through libxcb; a static libxcb inside the binary beside it is a second copy, whose extension
// bookkeeping the shared one does not share, and the keymap request fails.
let embeddedLinking: [LinkerSetting] = [
    .unsafeFlags(["-enable-experimental-feature", "Embedded", "-L\(toolchainLibraries)/embedded/\(triple)"], release),
    .linkedLibrary("swiftUnicodeDataTables", release),
] + ["cairo", "freetype", "fontconfig", "X11", "Xrandr", "Xext"].map { .linkedLibrary($0, release) }
_ = (staticArchives, exportedSymbols)
// Header directories from pkg-config: Pango's for the C target that loads Pango at run time
// (compiled against its headers, never linked: see Sources/CText/include/CText.h); Cairo's.
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
// Cairo's header directories, for every Swift module that sees Cairo's (or FreeType's) types. The
// system library targets name no pkg-config package: SwiftPM would put its shared libraries
// first on every link, ahead of the static archives a release build links.
let cairoSwiftFlags: [SwiftSetting] = [.unsafeFlags(pkgConfigCFlags("cairo-ft").flatMap { ["-Xcc", $0] })]
let package = Package(
    name: "PinBox",
    products: [
        .executable(name: "pinbox", targets: ["pinbox"]),
    ],
    targets: [
        .systemLibrary(
            name: "CX11",
            providers: [.apt(["libx11-dev", "libxrandr-dev"])]),
        // libxkbcommon (keys to text, dead keys and Compose), linked shared as Debian ships it.
        .systemLibrary(
            name: "CXKB",
            providers: [.apt(["libxkbcommon-dev", "libxkbcommon-x11-dev", "libx11-xcb-dev"])]),
        .systemLibrary(
            name: "CCairo",
            providers: [.apt(["libcairo2-dev"])]),
        // giflib, for animated captures. No `link` in its module map: PinBoxRender links the
        // static archive, so the window has no extra shared library to load at start-up.
        .systemLibrary(
            name: "CGif",
            providers: [.apt(["libgif-dev"])]),
        // The C library as Swift sees it, and the few things only C can do (prctl, argv).
        .target(name: "CSystem", cSettings: [.define("PINBOX_EMBEDDED", to: "1", release)],
                linkerSettings: [.linkedLibrary("m")]),
        // Pango for text DejaVu cannot draw alone, dlopened on first use (cairo is linked already).
        .target(name: "CText", dependencies: ["CSystem"], cSettings: [.unsafeFlags(pangoCFlags)],
                linkerSettings: [.linkedLibrary("cairo", .when(configuration: .debug)),
                                 .linkedLibrary("fontconfig", .when(configuration: .debug))]),
        // Swift and the C library only, no Foundation. Models, lays out and animates the PIN box.
        .target(name: "PinBoxCore", dependencies: ["CSystem"], swiftSettings: swiftSettings),
        // The only importer of Cairo: draws a scene into a surface, writes PNG files.
        .target(name: "PinBoxRender", dependencies: ["PinBoxCore", "CCairo", "CText", "CGif", "CSystem"],
                swiftSettings: swiftSettings + cairoSwiftFlags,
                linkerSettings: [.linkedLibrary(":libgif.a")]),
        // The only importer of Xlib: the window, the event loop, selections.
        .target(name: "PinBoxX11", dependencies: ["PinBoxCore", "PinBoxRender", "CX11", "CXKB"],
                swiftSettings: swiftSettings + cairoSwiftFlags,
                // Named here too: an Embedded build does not link what module maps name.
                linkerSettings: ["xkbcommon", "xkbcommon-x11", "X11-xcb"].map { .linkedLibrary($0) }),
        // gpg-agent's side of the pinentry protocol (Assuan): pure Swift, no X; the dialogs come
        // through a generic front end.
        .target(name: "PinBoxAssuan", dependencies: ["PinBoxCore", "CSystem"], swiftSettings: swiftSettings),
        .executableTarget(name: "pinbox", dependencies: ["PinBoxCore", "PinBoxRender", "PinBoxX11", "PinBoxAssuan", "CSystem"],
                         swiftSettings: swiftSettings + cairoSwiftFlags, linkerSettings: embeddedLinking),
        // The headless render benchmark (scripts/benchmark); not shipped.
        .executableTarget(name: "pinbox-bench", dependencies: ["PinBoxCore", "PinBoxRender", "CSystem"],
                         swiftSettings: swiftSettings + cairoSwiftFlags, linkerSettings: embeddedLinking),
        // Draws one paragraph into a PNG: text start-up timing and screenshots (TextTests); not shipped.
        .executableTarget(name: "pinbox-text-probe", dependencies: ["PinBoxCore", "PinBoxRender", "CSystem", "CText"],
                         swiftSettings: swiftSettings + cairoSwiftFlags, linkerSettings: embeddedLinking),
        .testTarget(name: "PinBoxCoreTests", dependencies: ["PinBoxCore"]),
        .testTarget(name: "PinBoxAssuanTests", dependencies: ["PinBoxAssuan", "PinBoxCore"]),
        .testTarget(name: "PinBoxRenderTests", dependencies: ["PinBoxCore", "PinBoxRender"], swiftSettings: cairoSwiftFlags),
        // Drive the real binary under Xvfb; Xlib directly for what xdotool cannot do.
        .testTarget(name: "EndToEndTests", dependencies: ["PinBoxCore", "PinBoxRender", "CX11"], swiftSettings: cairoSwiftFlags),
    ]
)
