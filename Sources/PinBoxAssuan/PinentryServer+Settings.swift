// SPDX-License-Identifier: MIT
// OPTION, HELP and GETINFO: the commands that answer from the server's own state.
import CSystem

extension PinentryServer {

    /// libassuan's OPTION parsing (`name`, `name value`, `name=value`, `--name`), then pinentry's names.
    func option(_ line: [UInt8]) {
        func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 }
        var i = 0
        while i < line.count && isSpace(line[i]) { i += 1 }
        guard i < line.count else { return reply(.optionArgumentRequired) }
        guard line[i] != 0x3D else { return reply(.optionNameMissing) }
        let keyStart = i
        while i < line.count && !isSpace(line[i]) && line[i] != 0x3D { i += 1 }
        var key = Array(line[keyStart..<i])
        while i < line.count && isSpace(line[i]) { i += 1 }
        if i < line.count && line[i] == 0x3D {
            i += 1
            while i < line.count && isSpace(line[i]) { i += 1 }
            guard i < line.count else { return reply(.optionValueExpected) }
        }
        var value = Array(line[i...])
        while let last = value.last, isSpace(last) { value.removeLast() }
        if key.count > 2 && key[0] == 0x2D && key[1] == 0x2D { key.removeFirst(2) }
        guard key.first != 0x2D else { return reply(.optionOneDash) }
        let name = String(decoding: key, as: UTF8.self)
        if options.apply(name: name, value: value) {
            // pinentry lets a new permission try the password manager again.
            if name == "allow-external-password-cache" { triedPasswordStore = false }
            ok()
        } else {
            reply(.unknownOption)
        }
    }

    func help(_ arguments: [UInt8]) {
        let nameEnd = arguments.firstIndex { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A } ?? arguments.count
        if nameEnd == 0 {
            for command in Command.all { writeLine("# " + command.usage) }
            return ok()
        }
        guard let command = Command(name: arguments[..<nameEnd]) else { return reply(.helpUnknownCommand) }
        writeLine("# " + command.usage)
        writeLine("# ")
        writeLine("# " + command.summary)
        ok()
    }

    func getInfo(_ arguments: [UInt8]) {
        let answer: String
        switch String(decoding: arguments, as: UTF8.self) {
        case "version": answer = identity.version
        case "pid": answer = "\(identity.pid)"
        case "flavor": answer = identity.flavor
        case "ttyinfo": answer = ttyInfo()
        default: return reply(.parameter)
        }
        writeData(Array(answer.utf8))
        ok()
    }

    /// `<tty> <ttytype> <display> <tty mode/uid/gid> <euid>/<egid> <emacs>`, cut at 149 bytes
    /// like pinentry's buffer.
    func ttyInfo() -> String {
        let device: String
        if let tty = options.ttyName, !tty.isEmpty {
            device = identity.deviceStatus?(tty) ?? "?"
        } else {
            device = "-"
        }
        let info = "\(options.ttyName ?? "-") \(options.ttyType ?? "-") \(options.display ?? "-") \(device) "
            + "\(geteuid())/\(getegid()) -"
        let bytes = Array(info.utf8)
        return bytes.count <= 149 ? info : String(decoding: bytes[..<149], as: UTF8.self)
    }
}
