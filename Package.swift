// swift-tools-version:6.0
import PackageDescription

// Release builds link the Swift runtime statically: it trims start-up time and resident
// memory of a short-lived prompt (see docs/performance.md).
let package = Package(
    name: "PinBox",
    products: [
        .executable(name: "pinbox", targets: ["pinbox"]),
    ],
    targets: [
        .systemLibrary(
            name: "CX11", pkgConfig: "x11",
            providers: [.apt(["libx11-dev", "libxrandr-dev"])]),
        .systemLibrary(
            name: "CCairo", pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]),
        // Process hardening that needs C (prctl is variadic).
        .target(name: "CHardening"),
        // Pure Swift: no C, no Foundation. Models, lays out and animates the PIN box.
        .target(name: "PinBoxCore"),
        // The only importer of Cairo: draws a scene into a surface, writes PNG files.
        .target(name: "PinBoxRender", dependencies: ["PinBoxCore", "CCairo"]),
        // The only importer of Xlib: the window, the event loop, selections.
        .target(name: "PinBoxX11", dependencies: ["PinBoxCore", "PinBoxRender", "CX11"]),
        .executableTarget(name: "pinbox", dependencies: ["PinBoxCore", "PinBoxRender", "PinBoxX11", "CHardening"]),
        // The headless render benchmark (scripts/benchmark); not shipped.
        .executableTarget(name: "pinbox-bench", dependencies: ["PinBoxCore", "PinBoxRender"]),
        .testTarget(name: "PinBoxCoreTests", dependencies: ["PinBoxCore"]),
        .testTarget(name: "PinBoxRenderTests", dependencies: ["PinBoxCore", "PinBoxRender"]),
        // Drive the real binary under Xvfb; Xlib directly for what xdotool cannot do.
        .testTarget(name: "EndToEndTests", dependencies: ["PinBoxCore", "PinBoxRender", "CX11"]),
    ]
)
