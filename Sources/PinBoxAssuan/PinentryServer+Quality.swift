// SPDX-License-Identifier: MIT
// INQUIRE QUALITY: the one time the server asks the agent something, in the middle of GETPIN.
import PinBoxCore

extension PinentryServer {

    /// Sends `INQUIRE QUALITY <escaped>` and reads the agent's `D <n>` up to its END (or CAN or
    /// ERR). The line is built in a wiped buffer; comments and blank lines are skipped, as are
    /// further D lines. Returns the first number, clamped to -100…100.
    func inquireQuality(_ passphrase: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !clientGone, !reader.isFinished else { return nil }
        sendEscaped("INQUIRE QUALITY ", passphrase)
        guard !clientGone else { return nil }

        var value: Int?
        var gotData = false
        while true {
            switch reader.next() {
            case .end: return nil
            case .tooLong: continue
            case .line(let answer):
                if answer.isEmpty || answer[0] == 0x23 { continue }
                if Self.isKeyword(answer, "END") || Self.isKeyword(answer, "CAN") || Self.isKeyword(answer, "ERR") {
                    return value
                }
                guard answer.count >= 3, answer[0] == 0x44, answer[1] == 0x20, !gotData else { continue }
                gotData = true
                value = PinentryOptions.leadingInteger(answer[2...]).map { min(max($0, -100), 100) }
            }
        }
    }

    /// strstr, as pinentry looks for `--one-button` anywhere in CONFIRM's line.
    static func contains(_ line: [UInt8], _ word: String) -> Bool {
        let w = Array(word.utf8)
        guard line.count >= w.count else { return false }
        return (0...(line.count - w.count)).contains { line[$0..<($0 + w.count)].elementsEqual(w) }
    }

    static func isKeyword(_ line: [UInt8], _ word: String) -> Bool {
        let w = Array(word.utf8)
        return line.starts(with: w) && (line.count == w.count || line[w.count] == 0x20)
    }
}
