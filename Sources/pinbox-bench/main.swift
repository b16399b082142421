// SPDX-License-Identifier: MIT
import CSystem
import PinBoxCore
import PinBoxRender

// Headless render benchmark: microseconds to draw one frame of the 6-cell strip and of a
// 10 × 10 grid, the whole frame and a one-cell update (what the window does per animation
// frame), each the median of many repetitions.

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// The median time of `body` in microseconds over `runs` runs, after a few warm-up runs.
func measure(runs: Int, _ body: () -> Void) -> Double {
    for _ in 0..<10 { body() }
    var samples: [Double] = []
    samples.reserveCapacity(runs)
    for _ in 0..<runs {
        let t0 = now()
        body()
        samples.append((now() - t0) * 1e6)
    }
    return samples.sorted()[runs / 2]
}

/// A scene of `rows × columns` cells, half of them holding a dot at rest.
func scene(_ theme: Theme, rows: Int, columns: Int, frame: Size?) -> FieldScene {
    let layout = Layout(theme.layoutRequest(rows: rows, columns: columns, frame: frame))
    let filled = layout.cells.count / 2
    let cells = layout.cells.indices.map { i in
        FieldScene.Cell(state: i < filled ? .filled : .empty, presence: i < filled ? 1 : 0,
                        holdsCharacter: !theme.secure && i < filled)
    }
    var scene = FieldScene(layout: layout, theme: theme, cells: cells)
    if !theme.secure {
        let digits = SecretBuffer(capacity: filled)
        for i in 0..<filled { digits.append(0x30 + UInt8(i % 10)) }
        scene.shown = ShownCharacters(digits)
    }
    return scene
}

let runs = pinbox_argc() > 1 ? Int(String(cString: pinbox_argv()[1]!)) ?? 2000 : 2000
let grid = {
    var theme = Theme.grid
    theme.cellSize = Size(width: 330, height: 190)  // 10 × 10 cells filling a 3840 × 2160 window
    return theme
}()
let cases: [(String, FieldScene)] = [
    ("strip 6 cells, 300x50", scene(.strip, rows: 1, columns: 6, frame: nil)),
    ("grid 10x10 plain, 3840x2160", scene(grid, rows: 10, columns: 10, frame: Size(width: 3840, height: 2160))),
    ("grid 10x10 dots, 3840x2160", { var t = grid; t.secure = true; return scene(t, rows: 10, columns: 10, frame: Size(width: 3840, height: 2160)) }()),
]
print("| scene | full frame (µs) | one-cell update (µs) |")
print("|---|---:|---:|")
for (name, s) in cases {
    let canvas = try! Canvas(width: Int(s.layout.bounds.width), height: Int(s.layout.bounds.height))
    let full = measure(runs: max(20, runs / 20)) { FieldPainter.draw(s, at: Point(x: 0, y: 0), on: canvas) }
    let cell = s.layout.cells[s.layout.cells.count / 2 - 1]
    let one = measure(runs: runs) { FieldPainter.draw(s, at: Point(x: 0, y: 0), on: canvas, clip: cell) }
    print("| \(name) | \(String(Int(full.rounded()))) | \(String(Int(one.rounded()))) |")
}
