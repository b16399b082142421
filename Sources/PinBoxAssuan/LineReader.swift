// SPDX-License-Identifier: MIT
import CSystem
import PinBoxCore

/// Cuts the client's byte stream into Assuan lines, the way libassuan does: a line is
/// complete when its LF falls within the first 1002 bytes (1000 bytes, CR, LF); one CR before
/// the LF is dropped. Longer input is reported once as too long and skipped up to the next LF,
/// so the session picks up again at the following line. A last line without LF at the end of
/// input is dropped, as libassuan drops it.
public struct LineReader<Source: ByteSource> {
    /// libassuan's ASSUAN_LINELENGTH: 1000 bytes of line plus CR and LF.
    public static var limit: Int { 1002 }

    /// What `next()` found.
    public enum Line: Equatable {
        /// A whole line, without its CR LF.
        case line([UInt8])
        /// More than `limit` bytes went by without a LF; they have been discarded.
        case tooLong
        /// End of input, or a read error: the client is gone.
        case end
    }

    public private(set) var source: Source
    /// What has been read and not yet handed out, read straight into locked memory: a read may
    /// carry a secret (an `INQUIRE GENPIN` answer), so no byte of it passes through memory that
    /// could reach swap. Room for a whole line and one more read.
    private let pending = SecretBuffer(capacity: 2 * LineReader.limit)
    private var skippingToNewline = false
    private var finished = false

    public init(source: Source) {
        self.source = source
    }

    /// Whether the input has ended (every later `next()` returns `.end`).
    public var isFinished: Bool { finished && pending.isEmpty }

    public mutating func next() -> Line {
        switch nextLineEnd() {
        case .end: return .end
        case .tooLong: return .tooLong
        case .line(let end, let newline):
            defer { pending.removeFirst(newline + 1) }
            return .line(pending.withBytes { Array($0[0..<end]) })
        }
    }

    /// The next line for an inquiry whose answer is a secret: a `D` line is percent-decoded
    /// straight into `secret` and its bytes are zeroed where they were read (`data` is true;
    /// the line comes back as `D` alone, or as `.tooLong` with `secret` wiped when it did not
    /// fit). Any other line comes back as `next()` gives it.
    public mutating func next(dataInto secret: SecretBuffer) -> (line: Line, data: Bool) {
        switch nextLineEnd() {
        case .end: return (.end, false)
        case .tooLong: return (.tooLong, false)
        case .line(let end, let newline):
            defer { pending.removeFirst(newline + 1) }
            return pending.withBytes { line in
                guard end >= 2, line[0] == 0x44, line[1] == 0x20 else { return (.line(Array(line[0..<end])), false) }
                var i = 2
                while i < end {
                    guard !secret.isFull else {
                        secret.wipe()
                        return (.tooLong, true)
                    }
                    if line[i] == 0x25, i + 2 < end, let high = PercentCoding.hexValue(line[i + 1]),
                       let low = PercentCoding.hexValue(line[i + 2]) {
                        secret.append(high << 4 | low)
                        i += 3
                    } else {
                        secret.append(line[i])
                        i += 1
                    }
                }
                return (.line([0x44]), true)
            }
        }
    }

    private enum LineEnd {
        /// The line is `pending[0..<end]`; its LF is at `newline`.
        case line(end: Int, newline: Int)
        case tooLong
        case end
    }

    /// Reads until `pending` starts with a whole line, skipping over-long ones.
    private mutating func nextLineEnd() -> LineEnd {
        while true {
            if let newline = pending.withBytes({ $0.firstIndex(of: 0x0A) }) {
                if skippingToNewline {
                    skippingToNewline = false
                    pending.removeFirst(newline + 1)
                    continue
                }
                guard newline < Self.limit else {
                    pending.removeFirst(newline + 1)
                    return .tooLong
                }
                var end = newline
                if end > 0 && pending[end - 1] == 0x0D { end -= 1 }
                return .line(end: end, newline: newline)
            }
            if skippingToNewline {
                pending.removeFirst(pending.count)
            } else if pending.count >= Self.limit {
                pending.removeFirst(pending.count)
                skippingToNewline = true
                return .tooLong
            }
            if finished {
                pending.removeFirst(pending.count)
                return .end
            }
            fill()
        }
    }

    /// Reads what is available, no more than one line's worth at a time.
    private mutating func fill() {
        if pending.append(upTo: Self.limit, { source.read(into: $0) }) <= 0 { finished = true }
    }
}
