// SPDX-License-Identifier: MIT
import CSystem

/// What GETINFO reports about this pinentry.
public struct PinentryIdentity: Sendable {
    /// `GETINFO flavor`.
    public var flavor: String
    /// `GETINFO version`.
    public var version: String
    /// `GETINFO pid`.
    public var pid: Int
    /// The `<program>.?` in `S ERROR` status lines (pinentry-gtk2 writes `gtk2`).
    public var statusName: String
    /// The pid libassuan adds to the greeting (`OK Pleased to meet you, process N`): the one a
    /// libassuan client leaves in `_assuan_pipe_connect_pid` when it starts the pinentry.
    public var greetingPid: Int?
    /// Mode/uid/gid of the tty named by OPTION ttyname, as pinentry's ttyinfo shows it
    /// (`20620/1000/5`, octal mode); nil prints `?`, pinentry's mark for "could not stat".
    public var deviceStatus: (@Sendable (String) -> String?)?

    public init(version: String, flavor: String = "pinbox", pid: Int = Int(getpid()), statusName: String = "pinbox",
                greetingPid: Int? = PinentryIdentity.connectPid(), deviceStatus: (@Sendable (String) -> String?)? = nil) {
        self.greetingPid = greetingPid
        self.version = version
        self.flavor = flavor
        self.pid = pid
        self.statusName = statusName
        self.deviceStatus = deviceStatus
    }
}

extension PinentryIdentity {
    /// `_assuan_pipe_connect_pid` from the environment, if it holds a number.
    public static func connectPid() -> Int? {
        guard let value = getenv("_assuan_pipe_connect_pid") else { return nil }
        let text = String(cString: value)
        guard let pid = Int(text), pid > 0 else { return nil }
        return pid
    }
}

/// How a session ended.
public enum SessionEnd: Equatable, Sendable {
    /// The client said BYE and was answered.
    case bye
    /// The input ended (or could not be read) without BYE.
    case endOfInput
    /// A reply could not be written: the client is gone.
    case clientGone
}
