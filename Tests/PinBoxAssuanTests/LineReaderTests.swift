// SPDX-License-Identifier: MIT
import PinBoxAssuan
import PinBoxCore
import Testing

@Suite struct LineReaderTests {
    func lines(_ input: [UInt8], chunk: Int) -> [LineReader<ScriptedSource>.Line] {
        var reader = LineReader(source: ScriptedSource(bytes: input, chunk: chunk))
        var out: [LineReader<ScriptedSource>.Line] = []
        while true {
            let next = reader.next()
            out.append(next)
            if next == .end { return out }
        }
    }

    /// libassuan reads 1002 bytes (1000, CR, LF) looking for the LF: `SETDESC ` + 993 bytes
    /// passed through pinentry-tty, 994 did not.
    @Test(arguments: [1, 7, 1002, 4096]) func theLimitIsLibassuans(chunk: Int) {
        let fits = bytes("SETDESC " + String(repeating: "x", count: 993) + "\n")
        let tooLong = bytes("SETDESC " + String(repeating: "x", count: 994) + "\n")
        #expect(lines(fits + tooLong + bytes("NOP\n"), chunk: chunk)
            == [.line(Array(fits.dropLast())), .tooLong, .line(bytes("NOP")), .end])
    }

    @Test(arguments: [1, 5, 1002, 3000]) func aVeryLongLineIsReportedOnceThenSkipped(chunk: Int) {
        let input = bytes(String(repeating: "A", count: 5000) + "\nNOP\n" + String(repeating: "B", count: 1002) + "\r\nBYE\r\n")
        #expect(lines(input, chunk: chunk) == [.tooLong, .line(bytes("NOP")), .tooLong, .line(bytes("BYE")), .end])
    }

    @Test func crIsDroppedOnlyBeforeTheLF() {
        #expect(lines(bytes("a\r\nb\rc\n\r\n"), chunk: 3) == [.line(bytes("a")), .line(bytes("b\rc")), .line([]), .end])
    }

    @Test func anUnfinishedLastLineIsDropped() {
        #expect(lines(bytes("NOP\nBYE"), chunk: 2) == [.line(bytes("NOP")), .end])
    }

    @Test func endOfInputAtALongLine() {
        #expect(lines([UInt8](repeating: 0x41, count: 2500), chunk: 100) == [.tooLong, .end])
    }

    /// An `INQUIRE GENPIN` answer is a secret from its first byte: every read goes straight
    /// into the locked arena (a read into an ordinary array could reach swap before it was
    /// zeroed), and once the D line is decoded, the bytes it was read into hold no copy of it.
    @Test(arguments: [3, 1002]) func aSecretIsReadIntoLockedMemoryAndLeftNowhere(chunk: Int) {
        let secret = SecretBuffer(capacity: 64)
        var reader = LineReader(source: WatchedSource(ScriptedSource(bytes: bytes("D s3cr%25t\nEND\n"), chunk: chunk)))
        #expect(reader.next(dataInto: secret) == (.line([0x44]), true))
        #expect(secret.withBytes { Array($0) } == bytes("s3cr%t"))
        let buffers = reader.source.buffers
        #expect(!buffers.isEmpty && buffers.allSatisfy { SecretArena.shared.contains($0.baseAddress!) })
        for buffer in buffers {
            #expect(!Array(buffer).containsRun(bytes("s3cr")), "a copy left where it was read")
        }
        #expect(reader.next() == .line(bytes("END")))
    }
}

/// A source that notes every buffer it is asked to read into.
struct WatchedSource: ByteSource {
    var inner: ScriptedSource
    var buffers: [UnsafeMutableRawBufferPointer] = []
    init(_ inner: ScriptedSource) { self.inner = inner }

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        buffers.append(buffer)
        return inner.read(into: buffer)
    }
}

extension Array where Element == UInt8 {
    func containsRun(_ run: [UInt8]) -> Bool {
        guard run.count <= count else { return false }
        return (0...(count - run.count)).contains { Array(self[$0..<($0 + run.count)]) == run }
    }
}

/// The whole server after a long line: pinentry 1.2.1 prints "Assuan processing failed: Line
/// passed to IPC too long" on stderr and exits; PinBox answers libassuan's error for it and
/// reads on from the next line.
@Suite struct LineTooLongTests {
    @Test func theNextLineStillWorks() {
        let run = converse("SETDESC " + String(repeating: "x", count: 2000) + "\nSETDESC short\nGETINFO flavor\n")
        #expect(run.output == """
            OK Pleased to meet you
            ERR 536871175 Line passed to IPC too long <User defined source 1>
            OK
            D pinbox
            OK

            """)
        #expect(run.server.texts.description == "short")
    }
}
