// SPDX-License-Identifier: MIT
import PinBoxCore

/// Writes the program's events as JSON lines on stdout, one `write` each, at once: testers
/// and scripts read them as they happen. No event carries a digit unless the user asked for
/// it (`--reveal`), and then only in `complete` and `submit`.
final class EventReporter {
    /// A JSON value small enough for our events.
    enum Value {
        case string(String)
        case int(Int)
        /// Seconds and the like, with six decimals (microseconds).
        case number(Double)
    }

    private let enabled: Bool
    /// Why stdout stopped taking events, once it has: no event is attempted after that.
    private var failure: Output.Failure?

    init(enabled: Bool) { self.enabled = enabled }

    /// Writes one event. If stdout cannot take it (closed, full, a reader that left), that is
    /// said once on stderr and no further event is attempted: the window itself goes on.
    /// Returns why this event did not reach stdout (this write's failure or an earlier one's),
    /// or nil when it did or events are off: a caller whose event carries the PIN fails the
    /// run on it, as the askpass's answer does.
    @discardableResult
    func emit(_ name: String, _ fields: KeyValuePairs<String, Value> = [:]) -> Output.Failure? {
        guard enabled else { return nil }
        if let failure { return failure }
        var line = "{\"event\":\(Self.quote(name))"
        for (key, value) in fields {
            line += ",\(Self.quote(key)):"
            switch value {
            case .string(let s): line += Self.quote(s)
            case .int(let n): line += String(n)
            case .number(let x): line += Workbench.decimal(x, places: 6)
            }
        }
        return write { () throws(Output.Failure) in try Output.line(line + "}", to: 1) }
    }

    /// An event that hands over what a field holds (`--reveal`): the field's bytes are escaped
    /// into locked memory and written from there, never made a `String`, and wiped after.
    func emit(_ name: String, field: String, pin: SecretBuffer) -> Output.Failure? {
        guard enabled else { return nil }
        if let failure { return failure }
        // Wiped when it goes, at the end of this call.
        let escaped = SecretBuffer(capacity: max(1, 6 * pin.count))
        pin.withBytes { bytes in
            for byte in bytes { Self.escape(byte) { escaped.append($0) } }
        }
        return write { () throws(Output.Failure) in
            try escaped.withBytes { (bytes) throws(Output.Failure) in
                try Output.secretLine(bytes, before: "{\"event\":\(Self.quote(name)),\"field\":\(Self.quote(field)),\"pin\":\"",
                                      after: "\"}", to: 1)
            }
        }
    }

    /// One event's write; a failure is said once, and no event is attempted after it.
    private func write(_ line: () throws(Output.Failure) -> Void) -> Output.Failure? {
        do throws(Output.Failure) {
            try line()
            return nil
        } catch {
            failure = error
            Output.error("cannot write events to standard output (\(error.reason)); no more events")
            return error
        }
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    static func quote(_ s: String) -> String {
        var out: [UInt8] = [0x22]
        for byte in s.utf8 { escape(byte) { out.append($0) } }
        out.append(0x22)
        return String(decoding: out, as: UTF8.self)
    }

    /// One byte of a JSON string's UTF-8, escaped where JSON asks (quotes, backslashes and
    /// control characters); the bytes of other characters go as they are.
    private static func escape(_ byte: UInt8, into append: (UInt8) -> Void) {
        switch byte {
        case 0x22, 0x5C: append(0x5C); append(byte)
        case 0x0A: append(0x5C); append(UInt8(ascii: "n"))
        case 0x0D: append(0x5C); append(UInt8(ascii: "r"))
        case 0x09: append(0x5C); append(UInt8(ascii: "t"))
        case ..<0x20:
            for b in "\\u00".utf8 { append(b) }
            append(hexDigits[Int(byte >> 4)])
            append(hexDigits[Int(byte & 0xf)])
        default: append(byte)
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
