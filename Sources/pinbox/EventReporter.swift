/// Writes the program's events as JSON lines on stdout, one `write` each, at once: testers
/// and scripts read them as they happen. No event carries a digit unless the user asked for
/// it (`--reveal`), and then only in `complete` and `submit`.
struct EventReporter {
    /// A JSON value small enough for our events.
    enum Value {
        case string(String)
        case int(Int)
        case bool(Bool)
    }

    var enabled = true

    func emit(_ name: String, _ fields: KeyValuePairs<String, Value> = [:]) {
        guard enabled else { return }
        var line = "{\"event\":\(Self.quote(name))"
        for (key, value) in fields {
            line += ",\(Self.quote(key)):"
            switch value {
            case .string(let s): line += Self.quote(s)
            case .int(let n): line += String(n)
            case .bool(let b): line += b ? "true" : "false"
            }
        }
        Output.line(line + "}", to: 1)
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
