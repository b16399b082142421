// SPDX-License-Identifier: MIT
import CSystem
import PinBoxCore

/// A question's file read as it was opened: its owner and mode from the open file, never from
/// its name a moment before, and never through a symbolic link.
enum SystemQuestionFile {
    static func read(_ path: String, directory: String) -> Result<SystemQuestion, SystemQuestion.Refusal> {
        var buffer = [UInt8](repeating: 0, count: SystemQuestion.fileLimit)
        var owner: UInt32 = 0, mode: UInt32 = 0
        let count = buffer.withUnsafeMutableBufferPointer {
            pinbox_read_owned_file(path, $0.baseAddress, $0.count, &owner, &mode)
        }
        guard count >= 0 else { return .failure(.unreadable) }
        if let refusal = SystemQuestion.fileRefusal(owner: owner, mode: mode, agent: geteuid()) {
            return .failure(refusal)
        }
        do throws(SystemQuestion.Refusal) {
            return .success(try SystemQuestion(file: Array(buffer[..<count]), directory: directory))
        } catch {
            return .failure(error)
        }
    }
}
