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
    private var pending: [UInt8] = []
    private var skippingToNewline = false
    private var finished = false

    public init(source: Source) {
        self.source = source
        pending.reserveCapacity(Self.limit * 2)
    }

    /// Whether the input has ended (every later `next()` returns `.end`).
    public var isFinished: Bool { finished && pending.isEmpty }

    public mutating func next() -> Line {
        while true {
            if let newline = pending.firstIndex(of: 0x0A) {
                defer { pending.removeSubrange(0...newline) }
                if skippingToNewline {
                    skippingToNewline = false
                    continue
                }
                guard newline < Self.limit else { return .tooLong }
                var end = newline
                if end > 0 && pending[end - 1] == 0x0D { end -= 1 }
                return .line(Array(pending[0..<end]))
            }
            if skippingToNewline {
                pending.removeAll(keepingCapacity: true)
            } else if pending.count >= Self.limit {
                pending.removeAll(keepingCapacity: true)
                skippingToNewline = true
                return .tooLong
            }
            if finished {
                pending.removeAll()
                return .end
            }
            fill()
        }
    }

    /// Reads what is available, no more than one line's worth at a time.
    private mutating func fill() {
        var chunk = [UInt8](repeating: 0, count: Self.limit)
        let n = chunk.withUnsafeMutableBytes { source.read(into: $0) }
        if n <= 0 {
            finished = true
        } else {
            pending.append(contentsOf: chunk[0..<n])
        }
    }
}
