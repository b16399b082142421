// SPDX-License-Identifier: MIT
import PinBoxAssuan
import PinBoxCore

/// The client's bytes, handed out a few at a time so lines arrive split across reads.
struct ScriptedSource: ByteSource {
    var bytes: [UInt8]
    var chunk: Int
    var offset = 0
    var reads = 0

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        reads += 1
        let n = min(chunk, buffer.count, bytes.count - offset)
        guard n > 0 else { return 0 }
        for i in 0..<n { buffer[i] = bytes[offset + i] }
        offset += n
        return n
    }
}

/// Collects what the server writes; can refuse from the `failAfter`-th write on (the client
/// has gone).
struct CaptureSink: ByteSink {
    var bytes: [UInt8] = []
    var writes = 0
    var failAfter: Int?

    mutating func write(_ data: UnsafeRawBufferPointer) -> Bool {
        if let failAfter, writes >= failAfter { return false }
        writes += 1
        bytes.append(contentsOf: data)
        return true
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// Dialogs that answer from a script and remember what they were asked.
struct FakeFrontEnd: PinentryFrontEnd {
    enum PinAnswer {
        case type([UInt8], repeated: Bool = false)
        case cancel, close, timeout
        /// Asks the agent to rate each passphrase, then types the last one.
        case rateThenType([[UInt8]])
        /// Ticks the password manager's box (when offered) and types.
        case typeAndSave([UInt8])
        /// Types, leaving the box as the dialog started it.
        case typeLeavingTheBox([UInt8])
        /// Presses Suggest and submits what the agent suggested.
        case suggest
        /// Submits each passphrase in turn until the agent's check passes (or the list ends:
        /// then cancels), as the dialog does under `constraints-enforce`.
        case checkEach([[UInt8]])
    }

    var pins: [PinAnswer] = []
    var confirms: [ConfirmOutcome] = []
    var messages: [MessageOutcome] = []
    var pinRequests: [PinRequest] = []
    var confirmRequests: [ConfirmRequest] = []
    var messageRequests: [ConfirmRequest] = []
    var ratings: [Int?] = []
    var suggestions: [[UInt8]?] = []
    var checks: [ConstraintCheck] = []
    /// Every secret handed to the server, to check it was wiped afterwards.
    var handedOver: [SecretBuffer] = []

    init(pins: [PinAnswer] = [], confirms: [ConfirmOutcome] = [], messages: [MessageOutcome] = []) {
        self.pins = pins
        self.confirms = confirms
        self.messages = messages
    }

    mutating func getPin(_ request: PinRequest, agent: AgentInquiries) -> PinOutcome {
        pinRequests.append(request)
        switch pins.isEmpty ? .cancel : pins.removeFirst() {
        case .type(let bytes, let repeated): return .pin(secret(bytes), repeated: repeated)
        case .cancel: return .cancelled
        case .close: return .closed
        case .timeout: return .timedOut
        case .rateThenType(let list):
            for passphrase in list {
                ratings.append(passphrase.withUnsafeBufferPointer { agent.rate($0) })
            }
            return .pin(secret(list.last ?? []), repeated: false)
        case .typeAndSave(let bytes):
            return .pin(secret(bytes), repeated: false, save: request.savePasswordLabel != nil)
        case .typeLeavingTheBox(let bytes):
            return .pin(secret(bytes), repeated: false, save: request.savePasswordLabel != nil && request.savePasswordTicked)
        case .suggest:
            let suggested = agent.suggest()
            suggestions.append(suggested.map { s in s.withBytes { Array($0) } })
            guard let suggested else { return .cancelled }
            handedOver.append(suggested)
            return .pin(suggested, repeated: true)
        case .checkEach(let list):
            for passphrase in list {
                let verdict = passphrase.withUnsafeBufferPointer { agent.check($0) }
                checks.append(verdict)
                if verdict == .passed { return .pin(secret(passphrase), repeated: true) }
            }
            return .cancelled
        }
    }

    mutating func confirm(_ request: ConfirmRequest) -> ConfirmOutcome {
        confirmRequests.append(request)
        return confirms.isEmpty ? .cancelled : confirms.removeFirst()
    }

    mutating func message(_ request: ConfirmRequest) -> MessageOutcome {
        messageRequests.append(request)
        return messages.isEmpty ? .dismissed : messages.removeFirst()
    }

    private mutating func secret(_ bytes: [UInt8]) -> SecretBuffer {
        let buffer = SecretBuffer(capacity: max(bytes.count, 1))
        for byte in bytes { buffer.append(byte) }
        handedOver.append(buffer)
        return buffer
    }
}

typealias TestServer = PinentryServer<FakeFrontEnd, ScriptedSource, CaptureSink>

let testIdentity = PinentryIdentity(version: "1.0.0", pid: 4242, greetingPid: nil)

/// Runs a whole session over `input` and returns what the server wrote.
func converse(_ input: [UInt8], _ frontEnd: FakeFrontEnd = FakeFrontEnd(), arguments: PinentryArguments = PinentryArguments(),
              chunk: Int = 7, failAfter: Int? = nil, identity: PinentryIdentity = testIdentity)
    -> (output: String, end: SessionEnd, server: TestServer) {
    let server = PinentryServer(frontEnd: frontEnd, input: ScriptedSource(bytes: input, chunk: chunk),
                                output: CaptureSink(failAfter: failAfter), arguments: arguments, identity: identity)
    let end = server.run()
    return (server.outputText, end, server)
}

func converse(_ input: String, _ frontEnd: FakeFrontEnd = FakeFrontEnd(), arguments: PinentryArguments = PinentryArguments(),
              chunk: Int = 7, failAfter: Int? = nil, identity: PinentryIdentity = testIdentity)
    -> (output: String, end: SessionEnd, server: TestServer) {
    converse(Array(input.utf8), frontEnd, arguments: arguments, chunk: chunk, failAfter: failAfter, identity: identity)
}

func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

extension PinentryServer where Sink == CaptureSink {
    var outputText: String { output.text }
}
