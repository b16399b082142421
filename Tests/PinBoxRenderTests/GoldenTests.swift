// SPDX-License-Identifier: MIT
import Foundation
import Testing
import PinBoxCore
@testable import PinBoxRender

/// Golden images: every theme in every state, rendered at scale 1 and compared with the PNGs
/// committed under Tests/Goldens. `scripts/update-goldens` rewrites them on purpose (it runs
/// this suite with PINBOX_UPDATE_GOLDENS=1); look at `git diff --stat Tests/Goldens` after.
///
/// Tolerance: every channel of every pixel within 2 levels (of 255) of the golden — room for
/// a Cairo or FreeType build that rounds an anti-aliased edge the other way — and not one
/// pixel beyond. On a mismatch the render and a diff image (the golden faded, each differing
/// pixel red) are written to $TMPDIR, and the failure message gives their paths.
@Suite("Golden images")
struct GoldenTests {
    static let tolerance: UInt32 = 2
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Goldens").path
    static let updating = ProcessInfo.processInfo.environment["PINBOX_UPDATE_GOLDENS"] == "1"

    /// The states a person meets, as `render` draws them.
    static let states = ["empty", "partial", "full", "focused", "error", "success"]

    static func render(theme: Theme, state: String) throws -> Canvas {
        let configuration = try FieldConfiguration(theme: theme)
        let n = configuration.capacity
        let full = (0..<n).map { UInt8(0x31 + $0 % 9) }
        let part = Array(full.prefix(n / 2))
        switch state {
        case "empty": return try Snapshot.render(configuration, digits: [])
        case "partial": return try Snapshot.render(configuration, digits: part)
        case "full": return try Snapshot.render(configuration, digits: full)
        case "focused": return try Snapshot.render(configuration, digits: part, focused: true)
        case "error": return try Snapshot.render(configuration, digits: part, focused: true, state: .error)
        default: return try Snapshot.render(configuration, digits: full, state: .success)
        }
    }

    /// Pixels further apart than the tolerance in any channel; with a path for the diff image.
    struct Comparison {
        var mismatches: Int
        var diffPath: String?
    }

    static func compare(_ actual: Canvas, with golden: Canvas, name: String) throws -> Comparison {
        guard actual.width == golden.width, actual.height == golden.height else {
            let path = NSTemporaryDirectory() + "pinbox-golden-\(name)-actual.png"
            try actual.writePNG(to: path)
            return Comparison(mismatches: actual.width * actual.height, diffPath: path)
        }
        let a = actual.pixels(), g = golden.pixels()
        var bad: [Int] = []
        for i in a.indices {
            let x = a[i], y = g[i]
            for shift: UInt32 in [0, 8, 16] {
                let p = (x >> shift) & 0xff, q = (y >> shift) & 0xff
                if (p > q ? p - q : q - p) > tolerance { bad.append(i); break }
            }
        }
        guard !bad.isEmpty else { return Comparison(mismatches: 0) }
        let diff = try Canvas(width: golden.width, height: golden.height)
        diff.draw(golden, at: Point(x: 0, y: 0))
        diff.fill(Rect(x: 0, y: 0, width: Double(golden.width), height: Double(golden.height)),
                  with: Color(red: 1, green: 1, blue: 1, alpha: 0.75))
        for i in bad {
            diff.fill(Rect(x: Double(i % golden.width), y: Double(i / golden.width), width: 1, height: 1),
                      with: Color(rgb: 0xff0000))
        }
        let base = NSTemporaryDirectory() + "pinbox-golden-\(name)"
        try diff.writePNG(to: base + "-diff.png")
        try actual.writePNG(to: base + "-actual.png")
        return Comparison(mismatches: bad.count, diffPath: base + "-diff.png")
    }

    static let cases: [(String, String)] = Theme.builtIn.flatMap { theme in states.map { (theme.name, $0) } }

    @Test("every theme in every state matches its golden", arguments: cases)
    func matchesGolden(_ themeName: String, _ state: String) throws {
        try Self.check(try Self.render(theme: Theme.named(themeName)!, state: state), name: "\(themeName)-\(state)")
    }

    /// Compares `actual` with the golden `name`.png, or writes it there when updating.
    static func check(_ actual: Canvas, name: String) throws {
        let path = "\(Self.directory)/\(name).png"
        if Self.updating {
            try FileManager.default.createDirectory(atPath: Self.directory, withIntermediateDirectories: true)
            try actual.writePNG(to: path)
            return
        }
        guard FileManager.default.fileExists(atPath: path) else {
            Issue.record("no golden \(path): run scripts/update-goldens")
            return
        }
        let result = try Self.compare(actual, with: try Canvas(png: path), name: name)
        #expect(result.mismatches == 0,
                "\(name): \(result.mismatches) pixels differ by more than \(Self.tolerance) levels; diff: \(result.diffPath ?? "-") (render beside it: -actual.png); scripts/update-goldens if the change is meant")
    }

    @Test func theGoldensCatchAOnePixelChange() throws {
        let golden = try Canvas(png: "\(Self.directory)/strip-partial.png")
        let changed = try Self.render(theme: .strip, state: "partial")
        // One pixel inside the third dot turned grey: caught, and shown.
        changed.fill(Rect(x: 125, y: 25, width: 1, height: 1), with: Color(rgb: 0x808080))
        let result = try Self.compare(changed, with: golden, name: "one-pixel-test")
        defer {
            for file in ["diff", "actual"] {
                try? FileManager.default.removeItem(atPath: NSTemporaryDirectory() + "pinbox-golden-one-pixel-test-\(file).png")
            }
        }
        #expect(result.mismatches == 1)
        let diff = try Canvas(png: try #require(result.diffPath))
        #expect(diff.pixel(x: 125, y: 25) == 0xff0000 && diff.pixel(x: 124, y: 25) != 0xff0000)
        // Within the tolerance: a level off in one channel passes.
        let close = try Self.render(theme: .strip, state: "partial")
        close.fill(Rect(x: 125, y: 25, width: 1, height: 1), with: Color(rgb: 0x020000))
        #expect(try Self.compare(close, with: golden, name: "tolerance-test").mismatches == 0)
        // A picture for each case: the fields at scale 1, the dialogs in each appearance, the looks,
        // the payment sheet in each appearance but light (its light one is a look).
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.directory).filter { $0.hasSuffix(".png") }
        #expect(files.count == Self.cases.count + DialogGoldenTests.cases.count + DialogGoldenTests.appearanceCases.count
            + DialogGoldenTests.looks.count + DialogGoldenTests.paySheetCases.count)
    }
}
