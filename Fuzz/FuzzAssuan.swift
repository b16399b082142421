// libFuzzer target for PinBoxAssuan: arbitrary bytes as the client's side of a session, with
// dialogs that answer from the first bytes of the input. Checked after every session: no crash,
// every reply line well formed (a known start, LF-terminated, at most 1000 bytes), the secret
// never written raw (its `D` line and its INQUIRE QUALITY line escape it), and every secret
// handed to the server wiped afterwards. Built by scripts/fuzz into one module with the
// Assuan sources, so internals are reachable; PinBoxCore is a separate module as in the package.
@testable import PinBoxCore

/// Contains `%`, CR, LF, `+` and a space, so both escapings change it, and no reply line can
/// hold it raw: it would have to span a line end and start a line with `K`.
let fuzzSecret: [UInt8] = Array("Zq+ 9%\r\nK".utf8)

struct FuzzSource: ByteSource {
    var bytes: UnsafeBufferPointer<UInt8>
    var offset: Int
    var chunk: Int

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        let n = min(chunk, buffer.count, bytes.count - offset)
        guard n > 0 else { return 0 }
        for i in 0..<n { buffer[i] = bytes[offset + i] }
        offset += n
        return n
    }
}

struct FuzzSink: ByteSink {
    var bytes: [UInt8] = []
    var failAfter: Int?
    var writes = 0

    mutating func write(_ data: UnsafeRawBufferPointer) -> Bool {
        if let failAfter, writes >= failAfter { return false }
        writes += 1
        bytes.append(contentsOf: data)
        return true
    }
}

struct FuzzFrontEnd: PinentryFrontEnd {
    var choices: [UInt8]
    var turn = 0
    var handedOver: [SecretBuffer] = []

    mutating func next() -> UInt8 {
        defer { turn += 1 }
        return choices.isEmpty ? 0 : choices[turn % choices.count]
    }

    mutating func getPin(_ request: PinRequest, quality: QualityCheck) -> PinOutcome {
        let choice = next()
        let padding = Int(next())
        let secret = SecretBuffer(capacity: fuzzSecret.count + padding + 1)
        for byte in fuzzSecret { secret.append(byte) }
        for _ in 0..<padding { secret.append(0x25) }
        if let rating = secret.withBytes({ quality.rate($0) }) {
            check(rating >= -100 && rating <= 100, "rating \(rating) out of range")
        }
        switch choice % 5 {
        case 0: return .cancelled
        case 1: return .closed
        case 2: return .timedOut
        default:
            handedOver.append(secret)  // from here on the server must wipe it
            return .pin(secret, repeated: choice & 0x80 != 0)
        }
    }

    mutating func confirm(_ request: ConfirmRequest) -> ConfirmOutcome {
        [.ok, .notOK, .cancelled, .closed, .timedOut][Int(next() % 5)]
    }

    mutating func message(_ request: ConfirmRequest) -> MessageOutcome {
        [.dismissed, .closed, .timedOut][Int(next() % 3)]
    }
}

func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("invariant broken: \(message())") }
}

func checkReplies(_ output: [UInt8]) {
    guard !output.isEmpty else { return }
    check(output.last == 0x0A, "the output does not end with LF")
    let starts = ["OK", "ERR ", "D ", "S ", "INQUIRE ", "# "].map { Array($0.utf8) }
    var lineStart = 0
    for (i, byte) in output.enumerated() where byte == 0x0A {
        let line = output[lineStart..<i]
        check(line.count <= 1000, "a reply line of \(line.count) bytes")
        check(starts.contains { line.starts(with: $0) }, "a reply line starts with \(Array(line.prefix(8)))")
        check(!line.contains(0x0D), "a CR inside a reply line")
        lineStart = i + 1
    }
    if output.count >= fuzzSecret.count {
        for start in 0...(output.count - fuzzSecret.count) {
            check(!output[start..<(start + fuzzSecret.count)].elementsEqual(fuzzSecret), "the secret was written raw")
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let input = UnsafeBufferPointer(start: data, count: size)
    guard size >= 4 else { return 0 }
    // Header: read chunk size, when writes start failing, and the dialogs' answers.
    let chunk = Int(input[0] % 64) + 1
    let failAfter: Int? = input[1] < 16 ? Int(input[1]) : nil
    let choices = Array(input[2..<4])
    let server = PinentryServer(frontEnd: FuzzFrontEnd(choices: choices),
                                input: FuzzSource(bytes: input, offset: 4, chunk: chunk),
                                output: FuzzSink(failAfter: failAfter),
                                identity: PinentryIdentity(version: "0.0", pid: 1, greetingPid: nil))
    let end = server.run()
    checkReplies(server.output.bytes)
    if end == .clientGone { check(server.clientGone, "clientGone not recorded") }
    for secret in server.frontEnd.handedOver {
        secret.withWholeCapacity { check($0.allSatisfy { $0 == 0 }, "a secret was not wiped") }
    }
    return 0
}
