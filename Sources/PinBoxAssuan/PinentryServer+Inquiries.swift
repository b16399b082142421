// SPDX-License-Identifier: MIT
// INQUIRE GENPIN and INQUIRE CHECKPIN: the agent's Suggest button and its passphrase
// constraints, asked while a GETPIN dialog is open (pinentry.c's pinentry_inq_genpin and
// pinentry_inq_checkpin; gpg-agent's inq_cb answers them).
import PinBoxCore

extension PinentryServer {

    /// What the dialog may ask the agent during this GETPIN.
    func inquiries(for request: PinRequest) -> AgentInquiries {
        AgentInquiries(
            rate: request.qualityBar == nil ? nil : { self.inquireQuality($0) },
            suggest: request.generatePinLabel == nil ? nil : { self.inquireSuggestion(limit: request.limit.maxBytes) },
            check: options.constraintsEnforce ? { self.inquireCheck($0) } : nil)
    }

    /// `INQUIRE GENPIN`; the agent answers `D <passphrase>` (30 zbase32 characters from
    /// gpg-agent) and `END`. The D line is decoded straight into locked memory; the first one
    /// counts, as in pinentry. One longer than the entry takes (`limit` bytes) is refused
    /// whole rather than cut.
    func inquireSuggestion(limit: Int) -> SecretBuffer? {
        guard !clientGone, !reader.isFinished else { return nil }
        writeLine("INQUIRE GENPIN")
        guard !clientGone else { return nil }
        let secret = SecretBuffer(capacity: max(1, limit))
        var gotData = false, fits = true
        while true {
            // Later D lines go nowhere that lasts: a buffer wiped as it goes.
            let (line, data) = reader.next(dataInto: gotData ? SecretBuffer(capacity: 1) : secret)
            if data {
                if !gotData, line == .tooLong { fits = false }
                gotData = true
                continue
            }
            switch line {
            case .end:
                secret.wipe()
                return nil
            case .tooLong: continue
            case .line(let answer):
                if answer.isEmpty || answer[0] == 0x23 { continue }
                if Self.isKeyword(answer, "END") { return gotData && fits && !secret.isEmpty ? secret : nil }
                if Self.isKeyword(answer, "CAN") || Self.isKeyword(answer, "ERR") {
                    secret.wipe()
                    return nil
                }
            }
        }
    }

    /// `INQUIRE CHECKPIN <passphrase>`, escaped as for QUALITY (at most 300 bytes, in a wiped
    /// buffer). The agent answers `END` alone when the passphrase passes, else `D <reason>`
    /// (percent-escaped, `%0A` between lines) and `END`.
    func inquireCheck(_ passphrase: UnsafeBufferPointer<UInt8>) -> ConstraintCheck {
        guard !clientGone, !reader.isFinished else { return .passed }
        sendEscaped("INQUIRE CHECKPIN ", passphrase)
        guard !clientGone else { return .passed }
        var reason: [UInt8]?
        while true {
            switch reader.next() {
            case .end: return .passed
            case .tooLong: continue
            case .line(let answer):
                if answer.isEmpty || answer[0] == 0x23 { continue }
                if Self.isKeyword(answer, "END") || Self.isKeyword(answer, "CAN") || Self.isKeyword(answer, "ERR") {
                    guard let reason, !reason.isEmpty else { return .passed }
                    return .refused(PercentCoding.decodeText(reason))
                }
                guard answer.count >= 3, answer[0] == 0x44, answer[1] == 0x20, reason == nil else { continue }
                reason = Array(answer[2...])
            }
        }
    }

    /// Writes `prefix` and the first 300 bytes of `passphrase` escaped as pinentry's
    /// copy_and_escape does, from a buffer wiped once written.
    func sendEscaped(_ prefix: String, _ passphrase: UnsafeBufferPointer<UInt8>) {
        let sent = UnsafeBufferPointer(rebasing: passphrase.prefix(300))
        let line = SecretBuffer(capacity: prefix.utf8.count + 3 * sent.count + 1)
        for byte in prefix.utf8 { line.append(byte) }
        PercentCoding.appendQualityEscaped(sent, to: line)
        line.append(0x0A)
        line.withBytes { write(UnsafeRawBufferPointer($0)) }
        line.wipe()
    }
}
