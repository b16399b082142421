// SPDX-License-Identifier: MIT
import CSystem
import PinBoxAssuan
import PinBoxCore

/// The edge of `OwnerName`: gpg-agent's client looked up in `/proc` on this machine.
enum PinentryOwner {
    /// The dialog's line naming the program that asked, in the window ("Asked by", then its
    /// command line) and on the terminal; nil when the agent named none.
    static func detail(_ owner: Owner?) -> PageDetail? {
        guard let owner else { return nil }
        let process = "/proc/" + String(owner.pid)
        let text = OwnerName.text(of: owner, hostName: KernelRecords.hostName, userID: Int(getuid()),
                                  home: getenv("HOME").map { String(cString: $0) },
                                  status: KernelRecords.read(process + "/status", limit: 4096)
                                      .map { String(decoding: $0, as: UTF8.self) },
                                  commandLine: KernelRecords.read(process + "/cmdline", limit: 4096))
        return .askedBy(text)
    }
}
