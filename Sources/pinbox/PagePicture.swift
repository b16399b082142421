import PinBoxCore
import PinBoxRender

/// A page drawn into a PNG file at its natural size, as the window would show it at `now`:
/// what `render --dialog`, `--pay` and `--demo` write.
enum PagePicture {
    static func write(_ page: Page, at now: Double, to path: String) throws(UsageError) {
        let size = page.preferredSize
        let scene = page.scene(at: now)
        do throws(RenderError) {
            let canvas = try Canvas(width: Int(size.width), height: Int(size.height))
            PagePainter.draw(scene, on: canvas)
            try canvas.writePNG(to: path)
        } catch {
            throw UsageError(error.message)
        }
    }
}
