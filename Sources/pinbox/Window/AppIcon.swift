// SPDX-License-Identifier: MIT
import PinBoxCore
import PinBoxRender

/// The program's icon, drawn as scripts/install draws the menu's: a 2 × 2 strip with three dots,
/// 32 points square. The demo window carries it (`_NET_WM_ICON`), as the menu entry that opens
/// the window names it: taskbars and window switchers show the same picture.
enum AppIcon {
    /// ARGB pixels (opaque), `size` square; nil if it cannot be drawn.
    static func argb(size: Int) -> (size: Int, argb: [UInt32])? {
        var options = FieldOptions()
        options.rows = 2
        options.columns = 2
        options.size = Size(width: 32, height: 32)
        options.scale = Double(size) / 32
        options.overrides.frameColor = Color(rgb: 0x999999)
        options.overrides.dividerColor = Color(rgb: 0xcccccc)
        guard let configuration = try? options.configuration(),
              let canvas = try? Snapshot.render(configuration, digits: Array("123".utf8)),
              canvas.width == size, canvas.height == size else { return nil }
        var pixels: [UInt32] = []
        pixels.reserveCapacity(size * size)
        for y in 0..<size {
            for x in 0..<size { pixels.append(0xff00_0000 | canvas.pixel(x: x, y: y)) }
        }
        return (size, pixels)
    }
}
