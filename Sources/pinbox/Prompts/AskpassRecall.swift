// SPDX-License-Identifier: MIT
import CSystem
import PinBoxCore

/// The edge of `AskpassCall`: the caller read from `/proc`, and the calls of it the user
/// answered kept in a file of the user's runtime directory, so that the next askpass knows
/// when sudo, ssh or ssh-keygen asks the same question again, and says why.
struct AskpassRecall {
    let call: AskpassCall
    let path: String

    /// The call this process answers, from its caller's `/proc/PID/stat` line
    /// (`KernelRecords.parent`); nil when its caller is not one that asks again only after a
    /// refusal, or there is no runtime directory to keep it in.
    init?(prompt: String, callerStat stat: String?) {
        guard let runtime = getenv("XDG_RUNTIME_DIR").map({ String(cString: $0) }), runtime.hasPrefix("/"),
              let stat, let call = AskpassCall(callerStat: stat, prompt: prompt) else { return nil }
        self.call = call
        path = runtime + "/pinbox-askpass-answered"
        earlier = Self.answeredCalls(in: path)
    }

    /// The calls answered before this one, as kept when this askpass started.
    private let earlier: [AskpassCall]

    /// This caller asked this question before, and had an answer: it refused it.
    var isAskedAgain: Bool { earlier.contains(call) }

    /// The calls kept at `path`. Only this user's own file is read (a runtime directory others
    /// can write to is no proof).
    private static func answeredCalls(in path: String) -> [AskpassCall] {
        var mode: UInt32 = 0, owner: UInt32 = 0, group: UInt32 = 0
        guard pinbox_file_status(path, &mode, &owner, &group) == 0, owner == getuid() else { return [] }
        return KernelRecords.read(path, limit: 64 * AskpassCall.kept).map {
            AskpassCall.calls(in: String(decoding: $0, as: UTF8.self))
        } ?? []
    }

    /// The user answered: kept for the caller's next question.
    func answered() {
        let record = Array(call.kept(after: earlier).utf8)
        let fd = pinbox_open_output(path, 0o600)
        guard fd >= 0 else { return }
        let written = record.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        if written != record.count { pinbox_remove_unfinished(fd, path) }
        close(fd)
    }
}
