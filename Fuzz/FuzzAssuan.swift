// SPDX-License-Identifier: MIT
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

    mutating func getPin(_ request: PinRequest, agent: AgentInquiries) -> PinOutcome {
        let choice = next()
        let padding = Int(next())
        let secret = SecretBuffer(capacity: fuzzSecret.count + padding + 1)
        for byte in fuzzSecret { secret.append(byte) }
        for _ in 0..<padding { secret.append(0x25) }
        if let rating = secret.withBytes({ agent.rate($0) }) {
            check(rating >= -100 && rating <= 100, "rating \(rating) out of range")
        }
        // Suggest and the constraint check: their inquiries also carry or bring a secret.
        if choice & 0x40 != 0, let suggested = agent.suggest() {
            check(suggested.count <= request.limit.maxBytes, "a suggestion past the entry's limit")
            handedOver.append(suggested)
            suggested.wipe()
        }
        if choice & 0x20 != 0 { _ = secret.withBytes { agent.check($0) } }
        switch choice % 5 {
        case 0: return .cancelled
        case 1: return .closed
        case 2: return .timedOut
        default:
            handedOver.append(secret)  // from here on the server must wipe it
            return .pin(secret, repeated: choice & 0x80 != 0, save: choice & 0x10 != 0)
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
    fuzzTerminal(UnsafeBufferPointer(rebasing: input[4...]), choice: input[2])
    return 0
}

/// The same bytes typed on the terminal fallback: whatever comes, nothing typed is written
/// back (the terminal shows the same when every letter typed is another), the entry holds whole
/// UTF-8 characters within its limit, and the dialog ends at most once.
func fuzzTerminal(_ keys: UnsafeBufferPointer<UInt8>, choice: UInt8) {
    let typed = Array(keys)
    // Each letter another, one for one (two entries equal before are equal after), and still a
    // letter (an escape sequence's final byte, Alt and a key): the path through the dialog is the same.
    let other = typed.map { (0x61...0x7A).contains($0) ? 0x61 + ($0 - 0x61 + 1) % 26 : $0 }
    check(terminalSession(typed, choice: choice) == terminalSession(other, choice: choice),
          "what was typed changed what the terminal showed")
}

/// Types `keys` into a terminal dialog; what it wrote.
func terminalSession(_ keys: [UInt8], choice: UInt8) -> [UInt8] {
    var options = PinentryOptions()
    options.constraintsEnforce = choice & 1 != 0
    let request = PinRequest(description: "Unlock", prompt: "Passphrase:",
                             repeatPrompt: choice & 2 != 0 ? RepeatPrompt(prompt: "Repeat:", mismatchError: "no") : nil,
                             qualityBar: choice & 4 != 0 ? QualityBar(label: "Quality:") : nil,
                             limit: InputLimit(maxBytes: Int(choice % 16) + 1), options: options)
    let dialog = TerminalPinDialog(request, look: TerminalLook(charset: .utf8, styled: choice & 8 != 0),
                                   rates: true, checks: options.constraintsEnforce, now: 0)
    var written = dialog.start()
    var outcomes = 0
    var now = 0.0
    var checks = 0
    func finished(_ outcome: PinOutcome?) {
        guard let outcome else { return }
        outcomes += 1
        if case .pin(let secret, _, _) = outcome {
            check(secret.count <= request.limit.maxBytes, "past the limit")
            secret.withBytes { check(String(validating: $0, as: UTF8.self) != nil, "not whole UTF-8 characters") }
            secret.wipe()
        }
    }
    for byte in keys {
        now += byte == 0x1B ? 0.2 : 0.01
        var step = dialog.advance(to: now)
        written += step.output
        finished(step.outcome)
        step = dialog.feed(byte, now: now)
        written += step.output
        if step.ask == .rate { written += dialog.rated(dialog.entry.count * 7 - 50) }
        if step.ask == .check {
            checks += 1
            let after = dialog.checked(checks % 2 == 0 ? .passed : .refused("no"), now: now)
            written += after.output
            finished(after.outcome)
        }
        finished(step.outcome)
        check(dialog.entry.count <= request.limit.maxBytes, "the entry past its limit")
    }
    check(outcomes <= 1, "the dialog ended \(outcomes) times")
    return written
}
