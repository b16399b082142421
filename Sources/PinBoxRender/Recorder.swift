// SPDX-License-Identifier: MIT
import CSystem
import PinBoxCore

/// Records canvases with the times they were shown into an animated GIF: the window feeds it
/// every frame it presents while recording; `pinbox render --animate` feeds it frames drawn at
/// the display rate. The GIF shows each frame until the next one's time.
///
/// GIF delays are whole centiseconds. Each frame starts at its time since the first frame
/// rounded to the nearest centisecond (`round(100 × t)`), and lasts until the next frame's
/// start: the rounding never accumulates, so 60 frames a second come out as delays of
/// 2, 1, 2, 2, 1, 2… (5 cs every 3 frames), and the whole lasts what it lasted, to 1 cs.
/// A frame that would last less than `shortestDelay` (1 cs: above 100 frames a second) gives
/// its place to the next one, which starts when it would have (the first frame keeps its place,
/// and the next starts after it); a frame identical to the one before it only lengthens that
/// one. Browsers show a delay under 2 cs as 10 cs, so the window's recordings, which come at the
/// display's rate, keep every delay at 2 cs or more (50 frames a second); `pinbox render
/// --animate` keeps the rate it was asked for.
public final class Recorder {
    public let width: Int
    public let height: Int
    /// How long the last frame stays before the GIF loops, when `finish` is given no time.
    public let hold: Double
    /// The shortest delay a frame is written with, in centiseconds.
    public let shortestDelay: Int
    private let encoder: GIFEncoder
    private var start: Double?
    /// The frame waiting for its delay (known when the next one arrives), from `startCs`.
    private var pending: [UInt32]?
    private var pendingCs = 0
    /// The last frame written: later frames write only the rectangle that changed.
    private var previous: [UInt32]?
    /// How many GIF frames were written.
    public private(set) var frameCount = 0

    /// Records into a new file at `path` (replaced if it exists), frames of `width × height`.
    public convenience init(path: String, width: Int, height: Int, hold: Double = 1,
                            shortestDelay: Int = 1) throws(RenderError) {
        // Readable by this user only, as every capture is: it shows what was typed.
        let fd = pinbox_open_output(path, 0o600)
        guard fd >= 0 else { throw RenderError("cannot write \(path): \(String(cString: strerror(pinbox_errno())))") }
        try self.init(fileDescriptor: fd, name: path, width: width, height: height, hold: hold,
                      shortestDelay: shortestDelay)
    }

    /// Records into an open file, which the recorder takes over and closes; `name` is what an
    /// error message calls it.
    public init(fileDescriptor fd: Int32, name: String, width: Int, height: Int, hold: Double = 1,
                shortestDelay: Int = 1) throws(RenderError) {
        self.width = width
        self.height = height
        self.hold = max(0.01, hold)
        self.shortestDelay = max(1, shortestDelay)
        encoder = try GIFEncoder(fileDescriptor: fd, name: name, width: width, height: height)
    }

    /// Adds what `canvas` shows at `time` (seconds on any clock, later than the last frame's).
    /// The canvas must be the recording's size; it is copied, so the caller may draw on.
    public func add(_ canvas: Canvas, at time: Double) throws(RenderError) {
        guard canvas.width == width, canvas.height == height else {
            throw RenderError("a \(canvas.width)x\(canvas.height) frame in a \(width)x\(height) recording")
        }
        let frame = canvas.pixels()
        let origin = start ?? time
        start = origin
        let cs = Self.centiseconds(time - origin)
        guard let waiting = pending else {
            pending = frame
            pendingCs = cs
            return
        }
        if frame == waiting { return }
        // Too soon after the waiting frame for the shortest delay: it takes that frame's place,
        // unless that is the recording's first (what showed before anything happened), which
        // stays its shortest time and the new one starts after it.
        guard cs - pendingCs >= shortestDelay else {
            if frameCount == 0 {
                try write(waiting, delay: shortestDelay)
                pendingCs += shortestDelay
            }
            pending = frame
            return
        }
        try write(waiting, delay: cs - pendingCs)
        pending = frame
        pendingCs = cs
    }

    /// Writes the last frame, shown until `time` (or for `hold` seconds), and closes the file.
    /// Returns the number of frames in the GIF.
    @discardableResult
    public func finish(at time: Double? = nil) throws(RenderError) -> Int {
        if let waiting = pending, let start {
            let end = time.map { Self.centiseconds($0 - start) } ?? pendingCs + Self.centiseconds(hold)
            try write(waiting, delay: max(shortestDelay, end - pendingCs))
            pending = nil
        }
        try encoder.finish()
        return frameCount
    }

    private func write(_ frame: [UInt32], delay: Int) throws(RenderError) {
        let rect = previous.map { changedRect(from: $0, to: frame) } ?? PixelRect(x: 0, y: 0, width: width, height: height)
        try encoder.addFrame(frame, rect: rect, delay: delay)
        previous = frame
        frameCount += 1
    }

    /// The smallest rectangle holding every pixel that differs (one pixel when none does).
    private func changedRect(from old: [UInt32], to new: [UInt32]) -> PixelRect {
        var minX = width, minY = height, maxX = -1, maxY = -1
        for y in 0..<height {
            let row = y * width
            for x in 0..<width where old[row + x] != new[row + x] {
                minX = min(minX, x); maxX = max(maxX, x)
                minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard maxX >= 0 else { return PixelRect(x: 0, y: 0, width: 1, height: 1) }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// Seconds to whole centiseconds, rounded to the nearest (a hair under half rounds down,
    /// so 1/60 s gives 2 and 1/30 s gives 3).
    static func centiseconds(_ seconds: Double) -> Int {
        Int((seconds * 100 + 1e-9).rounded())
    }
}
