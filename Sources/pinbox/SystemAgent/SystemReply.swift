// SPDX-License-Identifier: MIT
import CSystem
import PinBoxCore

/// The answer to a system question, `+` and the secret or `-` alone (declined), sent to its
/// asker's socket. Root (or the socket's owner) sends it as one datagram straight from the
/// locked buffer. Any other user goes through polkit, as systemd's password agents'
/// specification says: `pkexec systemd-reply-password 1 SOCKET` with the secret on its
/// standard input (a pipe written from the locked buffer), or `0 SOCKET` to decline; polkit
/// decides (`org.freedesktop.systemd1.reply-password`), asking for an administrator's
/// password in its own window where its rules say so. Which way is decided once, for the question.
struct SystemReply {
    /// The program polkit runs as root for the reply, and polkit's door to it.
    static let replyPrograms = ["/lib/systemd/systemd-reply-password", "/usr/lib/systemd/systemd-reply-password"]
    static let pkexec = "/usr/bin/pkexec"

    let socket: String
    /// Whether this process may write to the socket itself.
    let isDirect: Bool

    init(socket: String) {
        self.socket = socket
        var mode: UInt32 = 0, uid: UInt32 = 0, gid: UInt32 = 0
        isDirect = geteuid() == 0 || (pinbox_file_status(socket, &mode, &uid, &gid) == 0 && uid == geteuid())
    }

    /// The reply program polkit knows, when it and pkexec are installed.
    static var replyProgram: String? {
        guard access(pkexec, X_OK) == 0 else { return nil }
        return replyPrograms.first { access($0, X_OK) == 0 }
    }

    /// Sends the answer (`secret`, or a decline when nil); nil when it went, else why not (said
    /// on stderr).
    func send(_ secret: SecretBuffer?) -> ExitStatus? {
        defer { pinbox_delivery_end() }
        guard pinbox_delivery_begin() == 0 else { return .cancelled }
        return isDirect ? datagram(secret) : throughPolkit(secret)
    }

    private func datagram(_ secret: SecretBuffer?) -> ExitStatus? {
        var head = secret == nil ? SystemQuestion.declined : SystemQuestion.answered
        let error = secret.map { buffer in
            buffer.withBytes { pinbox_datagram_send(socket, &head, 1, $0.baseAddress, $0.count) }
        } ?? pinbox_datagram_send(socket, &head, 1, nil, 0)
        guard error != 0 else { return nil }
        Output.error("cannot answer on \(Excerpt.quoted(socket)) (\(String(cString: strerror(error))))")
        return .undelivered
    }

    private func throughPolkit(_ secret: SecretBuffer?) -> ExitStatus? {
        guard let program = Self.replyProgram else {
            Output.error("cannot answer on \(Excerpt.quoted(socket)): it is root's, and pkexec or "
                         + "systemd-reply-password is not installed")
            return .undelivered
        }
        let words: [String] = [Self.pkexec, program, secret == nil ? "0" : "1", socket]
        var argv = words.map { strdup($0) }
        argv.append(nil)
        defer { for pointer in argv { free(pointer) } }
        let status = secret.map { buffer in
            buffer.withBytes { pinbox_run_with_input(&argv, $0.baseAddress, $0.count) }
        } ?? pinbox_run_with_input(&argv, nil, 0)
        guard status != 0 else { return nil }
        Output.error("the answer was not sent: pkexec exited with status \(status) (polkit may not let this user reply)")
        return .undelivered
    }
}
